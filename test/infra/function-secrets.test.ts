import type { Template } from 'aws-cdk-lib/assertions';
import { services } from '../../shared/api';
import { JOB_WORKER, OUTBOX_WORKER } from '../../infra/bundling/function-bundles';
import { readSettings } from '../../infra/settings';
import type { ApiStack } from '../../infra/stacks/api-stack';
import { allowedActions, statementsOf } from './support/policies';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

const VERSION = 'a1b2c3d4-e5f6-4a7b-8c9d-0123456789ab';
let api: ApiStack;
let template: Template;
let web: Template;
let pinnedWeb: Template;
beforeAll(() => {
  const synthesized = synthFormation();
  api = synthesized.stacks.api;
  template = synthesized.templates.api;
  web = synthesized.templates.web;
  pinnedWeb = synthFormation({ ...CUSTOM_DOMAIN_SETTINGS, ORIGIN_VERIFY_VERSION: VERSION }).templates.web;
}, SYNTH_TIMEOUT);

const secretRef = (name: string) => {
  const secrets = template.findResources('AWS::SecretsManager::Secret');
  const id = Object.keys(secrets).find((key) => (secrets[key] as any).Properties.Name === `Formation-Api/${name}`);
  expect(id, name).toBeDefined();
  return { Ref: id };
};
const fnOf = (name: string) => template.toJSON().Resources[api.getLogicalId(api.functions.get(name)!.node.defaultChild as any)].Properties;

describe('the functions\' secrets', () => {
  it('reach each function as Secrets Manager ARNs, never as values: the services all three, the worker the unsubscribe one', () => {
    for (const name of [...services, OUTBOX_WORKER]) {
      const env = fnOf(name).Environment.Variables;
      expect(JSON.stringify(env), name).not.toContain('resolve:secretsmanager');
      for (const plain of ['ORIGIN_VERIFY_SECRET', 'COOKIE_SECRET', 'UNSUBSCRIBE_SECRET']) expect(env[plain], name).toBeUndefined();
      expect(env.UNSUBSCRIBE_SECRET_ARN, name).toEqual(secretRef('unsubscribe-secret'));
      if (name === OUTBOX_WORKER) {
        expect(env.ORIGIN_VERIFY_SECRET_ARN).toBeUndefined();
        expect(env.COOKIE_SECRET_ARN).toBeUndefined();
      } else {
        expect(env.ORIGIN_VERIFY_SECRET_ARN, name).toEqual(secretRef('origin-verify'));
        expect(env.COOKIE_SECRET_ARN, name).toEqual(secretRef('cookie-secret'));
      }
    }
  });

  it('are none of the job worker\'s: its steps write outbox items, which the outbox worker renders and signs', () => {
    const fn = fnOf(JOB_WORKER);
    expect(Object.keys(fn.Environment.Variables).filter((name) => name.includes('SECRET')), JOB_WORKER).toEqual([]);
    expect(fn.Layers, JOB_WORKER).toBeUndefined();
    expect(statementsOf(api, template, JOB_WORKER).filter((s) => allowedActions([s]).some((a) => a.startsWith('secretsmanager:')))).toEqual([]);
  });

  it('are read through the Parameters and Secrets extension, whose own cache is off (the functions keep values five minutes)', () => {
    for (const name of [...services, OUTBOX_WORKER]) {
      const fn = fnOf(name);
      expect(fn.Layers, name).toHaveLength(1);
      expect(JSON.stringify(fn.Layers), name).toMatch(/paramsAndSecrets|Parameters-and-Secrets/i);
      expect(fn.Environment.Variables.PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED, name).toBe('false');
    }
  });

  it('may be read by exactly the functions that use them: GetSecretValue on those secrets, no other Secrets Manager action', () => {
    for (const name of [...services, OUTBOX_WORKER]) {
      const statements = statementsOf(api, template, name).filter((s) => allowedActions([s]).some((a) => a.startsWith('secretsmanager:')));
      expect(statements, name).toHaveLength(1);
      expect(statements[0].Action, name).toBe('secretsmanager:GetSecretValue');
      const expected = name === OUTBOX_WORKER ? [secretRef('unsubscribe-secret')] : [secretRef('origin-verify'), secretRef('cookie-secret'), secretRef('unsubscribe-secret')];
      const resources = [statements[0].Resource].flat();
      expect(resources, name).toHaveLength(expected.length);
      expect(resources, name).toEqual(expect.arrayContaining(expected));
    }
  });
});

describe('the origin secret CloudFront sends', () => {
  const header = (t: Template) => {
    const [distribution] = Object.values(t.findResources('AWS::CloudFront::Distribution')) as any[];
    const origin = distribution.Properties.DistributionConfig.Origins.find((o: any) => o.OriginCustomHeaders);
    return origin.OriginCustomHeaders.find((h: any) => h.HeaderName === 'x-origin-verify').HeaderValue;
  };

  it('is the current version at deploy, or the version originVerifyVersion pins (a rotation\'s last step changes the template)', () => {
    expect(header(web)).toBe('{{resolve:secretsmanager:Formation-Api/origin-verify:SecretString:::}}');
    expect(header(pinnedWeb)).toBe(`{{resolve:secretsmanager:Formation-Api/origin-verify:SecretString:::${VERSION}}}`);
  });

  it('takes only a Secrets Manager version id as originVerifyVersion', () => {
    expect(readSettings(() => undefined, { ORIGIN_VERIFY_VERSION: VERSION }).originVerifyVersion).toBe(VERSION);
    expect(() => readSettings(() => undefined, { ORIGIN_VERIFY_VERSION: 'v2' })).toThrow(/originVerifyVersion/);
  });
});
