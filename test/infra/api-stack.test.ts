import type { Template } from 'aws-cdk-lib/assertions';
import { contracts, services } from '../../shared/api';
import { tableDefinition } from '../../functions/db/table';
import { JOB_WORKER, OUTBOX_WORKER } from '../../infra/bundling/function-bundles';
import { JOB_ENTITY, JOB_WORKER_FILTER, OUTBOX_WORKER_FILTER } from '../../functions/events/stream-routing';
import { OUTBOX_SWEEPERS } from '../../functions/events/sweepers';
import { JOB_SWEEPERS } from '../../functions/events/job-sweepers';
import { READ_ONLY_FUNCTIONS, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from '../../infra/function-needs';
import type { ApiStack } from '../../infra/stacks/api-stack';
import { allowedActions, managedPoliciesOf, statementsOf } from './support/policies';
import { SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

let api: ApiStack;
let template: Template;
beforeAll(() => {
  const synthesized = synthFormation();
  api = synthesized.stacks.api;
  template = synthesized.templates.api;
}, SYNTH_TIMEOUT);

const everyFunction = () => [...services, OUTBOX_WORKER, JOB_WORKER];
const logicalIdOf = (name: string) => api.getLogicalId(api.functions.get(name)!.node.defaultChild as any);

describe('functions', () => {
  it('has one Node 22 arm64 function per service, plus the outbox worker and the job worker (and the origin authorizer: origin-authorizer.test.ts)', () => {
    const all = Object.values(template.findResources('AWS::Lambda::Function')) as any[];
    expect(all).toHaveLength(services.length + 3);
    const functions = all.filter((f) => !f.Properties.Description.startsWith('HTTP API authorizer'));
    expect(functions).toHaveLength(services.length + 2);
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
    // A job step within the job lease (120 s), with the batch loop's 10 s reserve to spare.
    const jobWorker = template.toJSON().Resources[logicalIdOf(JOB_WORKER)].Properties;
    expect(jobWorker.Timeout).toBeGreaterThan(10);
    expect(jobWorker.Timeout).toBeLessThan(120);
    expect(jobWorker.Handler).toBe('index.handler');
  });

  it('tells every function where the app, the table and sign-in are', () => {
    const fn = (Object.values(template.findResources('AWS::Lambda::Function')) as any[]).find((f) => f.Properties.Description.startsWith('HTTP service'));
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
  it('never allows a table Scan; reads the table and each index by name; writes items only where a service writes', () => {
    for (const name of everyFunction()) {
      const statements = statementsOf(api, template, name);
      const actions = allowedActions(statements);
      expect(actions, name).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:BatchGetItem']));
      expect(actions.filter((a) => a === 'dynamodb:Scan' || a === 'dynamodb:*'), name).toEqual([]);
      const writes = actions.filter((a) => TABLE_WRITE_ACTIONS.includes(a));
      // A read-only service still moves its callers' session idle deadline (an UpdateItem), nothing more.
      expect(writes.sort(), name).toEqual(READ_ONLY_FUNCTIONS.includes(name) ? ['dynamodb:UpdateItem'] : [...TABLE_WRITE_ACTIONS].sort());
      const itemActions = [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS];
      const tableResources = JSON.stringify(statements.filter((s) => allowedActions([s]).some((a) => itemActions.includes(a))).map((s) => s.Resource));
      expect(tableResources, name).not.toContain('*');
      for (const gsi of tableDefinition.globalSecondaryIndexes) expect(tableResources, name).toContain(`/index/${gsi.indexName}`);
    }
    expect(READ_ONLY_FUNCTIONS.filter((n) => services.includes(n)).length).toBeGreaterThan(0);
  });

  it('keeps read-only services to GET routes (a service that gains a write route must leave READ_ONLY_FUNCTIONS)', () => {
    for (const name of READ_ONLY_FUNCTIONS) {
      expect(contracts.filter((c) => c.service === name && c.method !== 'GET').map((c) => c.id), name).toEqual([]);
    }
  });

  it('writes logs only to the function\'s own log group, with no AWS managed policy', () => {
    for (const name of everyFunction()) {
      expect(managedPoliciesOf(api, template, name).filter((arn) => arn.includes(':iam::aws:policy')), name).toEqual([]);
      const logs = statementsOf(api, template, name).filter((s) => JSON.stringify(s.Action).includes('logs:'));
      expect(logs, name).toHaveLength(1);
      expect(logs[0].Resource, name).toEqual({ 'Fn::GetAtt': [expect.stringMatching(new RegExp(`^Fn${name.replace(/-/g, '')}Logs`)), 'Arn'] });
    }
  });

  // Who holds which of these is checked on the real bundles: function-grants.test.ts.
  it('pins email to the configured sender and keeps SMS away from topics', () => {
    const statements = statementsOf(api, template, OUTBOX_WORKER);
    const ses = statements.find((s) => s.Effect === 'Allow' && JSON.stringify(s.Action).includes('ses:SendEmail'));
    expect(ses?.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.org' } });
    const denyTopics = statements.find((s) => s.Effect === 'Deny' && s.Action === 'sns:Publish');
    expect(JSON.stringify(denyTopics?.Resource)).toContain(':sns:*:*:*');
  });
});

describe('the stage', () => {
  it('writes one JSON access-log line per request to a log group with the retention setting', () => {
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as any[];
    const settings = stage.Properties.AccessLogSettings;
    const format = JSON.parse(settings.Format);
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', routeKey: '$context.routeKey' });
    expect(settings.Format).not.toContain('querystring');
    const groupId = settings.DestinationArn['Fn::GetAtt'][0];
    expect(template.toJSON().Resources[groupId].Properties.RetentionInDays).toBe(30);
  });
});

describe('the stream workers', () => {
  const mappings = () => Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).map((m: any) => m.Properties);
  const mappingOf = (name: string) => {
    const found = mappings().filter((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: logicalIdOf(name) }));
    expect(found, name).toHaveLength(1);
    return found[0];
  };
  const patternsOf = (mapping: any) => mapping.FilterCriteria.Filters.map((f: any) => JSON.parse(f.Pattern));
  const queueOf = (mapping: any) => mapping.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];

  it('each read the table stream through their own declared filter, bisecting failures into a dead-letter queue of their own', () => {
    expect(mappings()).toHaveLength(2);
    for (const name of [OUTBOX_WORKER, JOB_WORKER]) {
      const mapping = mappingOf(name);
      expect(JSON.stringify(mapping.EventSourceArn)).toContain('StreamArn');
      // Lambda's default quota of filters per event source mapping.
      expect(patternsOf(mapping).length, name).toBeLessThanOrEqual(5);
      expect(mapping.BisectBatchOnFunctionError).toBe(true);
      expect(mapping.MaximumRetryAttempts).toBeGreaterThan(0);
      expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    }
    const queues = Object.keys(template.findResources('AWS::SQS::Queue'));
    expect([queueOf(mappingOf(OUTBOX_WORKER)), queueOf(mappingOf(JOB_WORKER))].sort()).toEqual(queues.sort());
  });

  it('the outbox worker gets outbox and audit entry inserts and projections\' sources, and no job item', () => {
    const patterns = patternsOf(mappingOf(OUTBOX_WORKER));
    // The very patterns the local poller and the tests' settle apply for it (functions/events/stream-filter.ts).
    expect(patterns).toEqual(JSON.parse(JSON.stringify(OUTBOX_WORKER_FILTER)));
    expect(patterns).toContainEqual({ eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['outbox', 'auditEntry'] } } } });
    expect(JSON.stringify(patterns)).not.toContain(`"${JOB_ENTITY}"`);
  });

  it('the job worker gets runnable jobs only', () => {
    const patterns = patternsOf(mappingOf(JOB_WORKER));
    expect(patterns).toEqual(JSON.parse(JSON.stringify(JOB_WORKER_FILTER)));
    expect(patterns).toContainEqual({ dynamodb: { NewImage: { __edb_e__: { S: [JOB_ENTITY] }, status: { S: ['queued'] } } } });
    for (const pattern of patterns) expect(pattern.dynamodb.NewImage.__edb_e__).toEqual({ S: [JOB_ENTITY] });
  });

  it('are both invoked every five minutes with the sweep event', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule')) as any[];
    expect(rules).toHaveLength(1);
    const rule = rules[0].Properties;
    expect(rule.ScheduleExpression).toBe('rate(5 minutes)');
    // The same event runs each worker's sweepers, the Overdue sweep of late steps and the reminders included (functions/events/sweepers.ts).
    expect(rule.Description).toContain('Overdue');
    expect(rule.Description).toContain('reminders');
    // The daily retention purge is one of its sweepers, not a rule of its own (the local sweep timer runs the same lists).
    expect(rule.Description).toContain('retention purge');
    expect(OUTBOX_SWEEPERS.map((sweeper) => sweeper.name)).toContain('retention');
    // Stuck jobs: the job worker's.
    expect(rule.Description).toContain('job worker resumes stuck jobs');
    expect(JOB_SWEEPERS.map((sweeper) => sweeper.name)).toEqual(['jobs']);
    expect(OUTBOX_SWEEPERS.map((sweeper) => sweeper.name)).not.toContain('jobs');
    expect(rule.Targets).toHaveLength(2);
    for (const target of rule.Targets) expect(JSON.parse(target.Input)).toEqual({ source: 'formation.sweep' });
    expect(rule.Targets.map((target: any) => target.Arn)).toEqual([OUTBOX_WORKER, JOB_WORKER].map((name) => ({ 'Fn::GetAtt': [logicalIdOf(name), 'Arn'] })));
  });

  it('raise an alarm when a record reaches either dead-letter queue, and when either worker fails', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((a: any) => a.Properties);
    const queues = Object.keys(template.findResources('AWS::SQS::Queue'));
    const [topicId] = Object.keys(template.findResources('AWS::SNS::Topic'));
    const waiting = alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(waiting).toHaveLength(2);
    for (const alarm of waiting) expect(alarm).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', AlarmActions: [{ Ref: topicId }] });
    expect(waiting.map((a) => JSON.stringify(a.Dimensions)).sort()).toEqual(queues.map((queueId) => JSON.stringify([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }])).sort());
    const errors = alarms.filter((a) => a.MetricName === 'Errors');
    for (const alarm of errors) expect(alarm).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 1, AlarmActions: [{ Ref: topicId }] });
    expect(errors.map((a) => a.Dimensions[0].Value)).toEqual([{ Ref: logicalIdOf(OUTBOX_WORKER) }, { Ref: logicalIdOf(JOB_WORKER) }]);
    // No alarmEmail in these settings: the alarms show in CloudWatch, nobody is subscribed.
    expect(template.findResources('AWS::SNS::Subscription')).toEqual({});
  });
});
