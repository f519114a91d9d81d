import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildFunctions, type BuiltFunction } from '../../bin/build-functions';
import { services } from '../../shared/api';
import { JOB_WORKER, OUTBOX_WORKER } from '../../infra/bundling/function-bundles';
import { PRESIGNED_POST_CALL, readSdkCalls, sdkCallsOf } from '../../infra/bundling/sdk-calls';
import { SDK_GRANTS, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS, UPLOADS_POLICY_ACTIONS, grantOf, grantedActions } from '../../infra/function-needs';
import type { ApiStack } from '../../infra/stacks/api-stack';
import { allowedActions, managedPoliciesOf, statementsOf } from './support/policies';
import { SYNTH_TIMEOUT, synthFormation, type SynthesizedFormation } from './support/synth-formation';

/**
 * Each function's grants come from the AWS SDK operations its real bundle holds (not the stand-ins
 * the other infra tests synthesize): none missing, none unused.
 */
let outDir: string;
let built: BuiltFunction[];
let synthesized: SynthesizedFormation;
let api: ApiStack;
let template: Template;
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'formation-grants-'));
  built = await buildFunctions({ outDir, quiet: true });
  synthesized = synthFormation(undefined, { bundlesDir: outDir });
  api = synthesized.stacks.api;
  template = synthesized.templates.api;
}, SYNTH_TIMEOUT);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The IAM services SDK_GRANTS grants outside the table: any action of theirs on a role must come from an operation. */
const GRANTED_SERVICES = new Set(Object.values(SDK_GRANTS).flatMap((grant) => ('actions' in grant && grant.on !== 'table' ? grant.actions.map((a) => a.split(':')[0]) : [])));

/** What a function's role allows in those services, its inline statements and the uploads policy together. */
function heldActions(name: string): string[] {
  const inline = allowedActions(statementsOf(api, template, name)).filter((action) => GRANTED_SERVICES.has(action.split(':')[0]));
  const uploads = managedPoliciesOf(api, template, name).some((arn) => arn.includes('UploadsObjectAccess')) ? UPLOADS_POLICY_ACTIONS : [];
  return [...new Set([...inline, ...uploads])].sort();
}

const neededActions = (fn: BuiltFunction) => [...grantedActions(fn.sdkCalls).values()].flat().sort();

/** The bundles whose functions the API stack grants from their operations (every service and the two workers, at least). */
const granted = () => built.filter((fn) => api.functions.has(fn.name));

/** Command classes in minified SDK code read `class extends X(a,b,"Operation",c){}`. */
function commandsInCode(outfile: string): string[] {
  const code = readFileSync(outfile, 'utf8');
  return [...new Set([...code.matchAll(/class extends [\w$]+\([\w$]+,[\w$]+,"(\w+)",[\w$]+\)\{\}/g)].map((match) => match[1]))].sort();
}

describe('the AWS SDK operations of each bundle', () => {
  it('are the command modules in it, as its minified code confirms, and are written beside it', () => {
    for (const fn of built) {
      const fromModules = fn.sdkCalls.filter((call) => call !== PRESIGNED_POST_CALL).map((call) => call.split(':')[1]).sort();
      const inCode = commandsInCode(fn.outfile);
      // Every service and both workers read the table: an SDK whose code no longer matches the pattern fails here, not silently.
      if ([...services, OUTBOX_WORKER, JOB_WORKER].includes(fn.name)) expect(inCode, fn.name).toContain('GetItem');
      expect(fromModules, fn.name).toEqual(inCode);
      expect(readSdkCalls(dirname(fn.outfile)), fn.name).toEqual(fn.sdkCalls);
    }
  });

  it('cannot be told from a CommonJS client (one file holding every command), so such a bundle is refused', () => {
    expect(() => sdkCallsOf({ 'node_modules/@aws-sdk/client-s3/dist-cjs/index.js': { bytesInOutput: 1 } })).toThrow(/CommonJS/);
  });

  it('each have a declared grant; table ones lie within the table grants, and no bundle can Scan', () => {
    const tableActions = new Set([...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS]);
    for (const fn of built) {
      for (const call of fn.sdkCalls) {
        const grant = grantOf(call);
        if ('on' in grant && grant.on === 'table') expect(grant.actions.filter((action) => !tableActions.has(action)), call).toEqual([]);
      }
      expect(fn.sdkCalls, fn.name).not.toContain('dynamodb:Scan');
    }
  });
});

describe('each function is granted', () => {
  it('from its operations by the API stack, and a bundle the API stack does not grant calls nothing that needs a grant', () => {
    expect(granted().map((fn) => fn.name)).toEqual(expect.arrayContaining([...services, OUTBOX_WORKER, JOB_WORKER]));
    for (const fn of built.filter((b) => !api.functions.has(b.name))) expect(neededActions(fn), fn.name).toEqual([]);
  });

  it('exactly what its operations need: no grant missing, none that no code in it uses', () => {
    const mismatches = granted().flatMap((fn) => {
      const held = heldActions(fn.name);
      const needed = neededActions(fn);
      const missing = needed.filter((action) => !held.includes(action));
      const unused = held.filter((action) => !needed.includes(action));
      return missing.length || unused.length ? [`${fn.name}: missing [${missing.join(', ')}], unused [${unused.join(', ')}]`] : [];
    });
    expect(mismatches).toEqual([]);
  });

  it('Cognito AdminCreateUser in the user service (POST /api/user and /api/user/bulk invite), and no Cognito permission for sign-in', () => {
    expect(heldActions('user')).toContain('cognito-idp:AdminCreateUser');
    expect(heldActions('security').filter((action) => action.startsWith('cognito-idp:'))).toEqual([]);
  });

  it('on the narrowest resource: the user pool, the uploads bucket objects, SES with the sender pinned, SMS with topics denied', () => {
    const poolArn = JSON.stringify(synthesized.stacks.auth.resolve(synthesized.stacks.auth.userPool.userPoolArn));
    for (const fn of granted()) {
      for (const statement of statementsOf(api, template, fn.name).filter((s) => s.Effect === 'Allow')) {
        const services = new Set(allowedActions([statement]).map((action) => action.split(':')[0]));
        const resource = JSON.stringify(statement.Resource);
        if (services.has('cognito-idp')) expect(resource, fn.name).toContain(JSON.parse(poolArn)['Fn::GetAtt'][0]);
        if (services.has('s3')) expect(resource, fn.name).toMatch(/Uploads.*\/\*"/);
        if (services.has('ses')) expect(statement.Condition, fn.name).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.org' } });
        if (services.has('sns')) {
          const deny = statementsOf(api, template, fn.name).find((s) => s.Effect === 'Deny' && s.Action === 'sns:Publish');
          expect(JSON.stringify(deny?.Resource), fn.name).toContain(':sns:*:*:*');
        }
      }
    }
  });

  it("the data stack's uploads policy only when it needs all of it, which is what UPLOADS_POLICY_ACTIONS says it allows", () => {
    const policies = Object.values(synthesized.templates.data.findResources('AWS::IAM::ManagedPolicy')) as Array<{ Properties: { PolicyDocument: { Statement: Array<{ Action: string[] }> } } }>;
    expect(policies).toHaveLength(1);
    expect(policies[0].Properties.PolicyDocument.Statement.flatMap((s) => s.Action).sort()).toEqual(UPLOADS_POLICY_ACTIONS);
    for (const fn of granted()) {
      const attached = managedPoliciesOf(api, template, fn.name).some((arn) => arn.includes('UploadsObjectAccess'));
      expect(attached, fn.name).toBe(grantedActions(fn.sdkCalls).get('uploadsObjects')?.join() === UPLOADS_POLICY_ACTIONS.join());
    }
  });

  it('with no cdk-nag AwsSolutions finding left unexplained, environment-agnostic or in a known account', () => {
    const unexplained = (scope: ApiStack) =>
      new AwsSolutionsChecks().validateScope(scope).violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}: ${v.description}`));
    expect(unexplained(api)).toEqual([]);
    const inAccount = synthFormation(undefined, { bundlesDir: outDir, aws: { account: '123456789012', region: 'eu-west-1' } });
    expect(unexplained(inAccount.stacks.api)).toEqual([]);
  }, SYNTH_TIMEOUT);
});
