import type { Template } from 'aws-cdk-lib/assertions';
import { services } from '../../shared/api';
import { OUTBOX_WORKER } from '../../infra/bundling/function-bundles';
import { needsOf } from '../../infra/function-needs';
import type { ApiStack } from '../../infra/stacks/api-stack';
import { allowedActions, statementsOf } from './support/policies';
import { SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

let api: ApiStack;
let template: Template;
beforeAll(() => {
  const synthesized = synthFormation();
  api = synthesized.stacks.api;
  template = synthesized.templates.api;
}, SYNTH_TIMEOUT);

const everyFunction = () => [...services, OUTBOX_WORKER];
const actionsOf = (name: string) => allowedActions(statementsOf(api, template, name));

describe('functions', () => {
  it('has one Node 22 arm64 function per service, plus the outbox worker', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as any[];
    expect(functions).toHaveLength(services.length + 1);
    for (const { Properties: fn } of functions) {
      expect(fn.Runtime).toBe('nodejs22.x');
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.Handler).toBe('index.handler');
      expect(fn.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(fn.Environment.Variables.IDENTITY_ADAPTER).toBe('cognito');
    }
    const http = functions.filter((f) => f.Properties.Description.startsWith('HTTP service'));
    expect(http.map((f) => f.Properties.MemorySize)).toEqual(services.map(() => 512));
    expect(http.map((f) => f.Properties.Timeout)).toEqual(services.map(() => 10));
  });

  it('tells every function where the app, the table and sign-in are', () => {
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function')) as any[];
    const env = fn.Properties.Environment.Variables;
    expect(env.APP_URL).toBe('https://formation.example.org');
    expect(env.SMS_ADAPTER).toBe('sns');
    for (const name of ['TABLE_NAME', 'UPLOADS_BUCKET', 'MAIL_FROM', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_LOGOUT_URL', 'COGNITO_USER_POOL_ID']) {
      expect(env[name], name).toBeDefined();
    }
    expect(JSON.stringify(env.OIDC_LOGOUT_URL)).toContain('/logout?client_id=');
  });
});

describe('routes', () => {
  it('routes /api/<service> and everything under it to that service', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r: any) => r.Properties.RouteKey);
    const expected = services.flatMap((s) => [`ANY /api/${s}`, `ANY /api/${s}/{proxy+}`]);
    expect(routeKeys.sort()).toEqual(expected.sort());
  });
});

describe('least privilege', () => {
  it('never allows a table Scan, and gives every function item access to the table', () => {
    for (const name of everyFunction()) {
      const actions = actionsOf(name);
      expect(actions, name).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
      expect(actions.filter((a) => a === 'dynamodb:Scan' || a === 'dynamodb:*'), name).toEqual([]);
    }
  });

  it('gives S3 object access only to functions that handle files', () => {
    for (const name of everyFunction()) {
      const s3 = actionsOf(name).filter((a) => a.startsWith('s3:'));
      if (needsOf(name).includes('files')) expect(s3.sort(), name).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
      else expect(s3, name).toEqual([]);
    }
    const withoutFiles = everyFunction().filter((n) => !needsOf(n).includes('files'));
    expect(withoutFiles.length).toBeGreaterThan(0);
  });

  it('lets only the worker, admin and communication send email or SMS, and only admin and security call Cognito', () => {
    for (const name of everyFunction()) {
      const actions = actionsOf(name);
      const sends = actions.some((a) => a.startsWith('ses:'));
      const texts = actions.some((a) => a.startsWith('sns:'));
      const cognito = actions.some((a) => a.startsWith('cognito-idp:'));
      expect(sends, `${name} ses`).toBe(['admin', OUTBOX_WORKER].includes(name));
      expect(texts, `${name} sns`).toBe(['communication', OUTBOX_WORKER].includes(name));
      expect(cognito, `${name} cognito`).toBe(['admin', 'security'].includes(name));
    }
  });

  it('pins email to the configured sender and keeps SMS away from topics', () => {
    const statements = statementsOf(api, template, OUTBOX_WORKER);
    const ses = statements.find((s) => s.Effect === 'Allow' && JSON.stringify(s.Action).includes('ses:SendEmail'));
    expect(ses?.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.org' } });
    const denyTopics = statements.find((s) => s.Effect === 'Deny' && s.Action === 'sns:Publish');
    expect(JSON.stringify(denyTopics?.Resource)).toContain(':sns:*:*:*');
  });
});

describe('the outbox worker', () => {
  it('reads the table stream for inserted outbox items only, bisecting failures into a dead-letter queue', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')) as any[];
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0].Properties;
    expect(JSON.stringify(mapping.EventSourceArn)).toContain('StreamArn');
    expect(mapping.FunctionName).toEqual({ Ref: api.getLogicalId(api.functions.get(OUTBOX_WORKER)!.node.defaultChild as any) });
    expect(mapping.FilterCriteria.Filters.map((f: any) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['outbox'] } } } },
    ]);
    expect(mapping.BisectBatchOnFunctionError).toBe(true);
    expect(mapping.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const [queueId] = Object.keys(template.findResources('AWS::SQS::Queue'));
    expect(mapping.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
  });
});
