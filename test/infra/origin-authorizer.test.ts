import type { Template } from 'aws-cdk-lib/assertions';
import { services } from '../../shared/api';
import { ORIGIN_AUTHORIZER } from '../../infra/bundling/function-bundles';
import { ORIGIN_AUTHORIZER_CACHE, ORIGIN_AUTHORIZER_CONCURRENCY } from '../../infra/constructs/origin-authorizer';
import type { ApiStack } from '../../infra/stacks/api-stack';
import { allowedActions, statementsOf } from './support/policies';
import { SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

/** Direct calls to the API's own address never reach a service (docs/deploy.md, "How requests reach the app"). */
let api: ApiStack;
let template: Template;
beforeAll(() => {
  const synthesized = synthFormation();
  api = synthesized.stacks.api;
  template = synthesized.templates.api;
}, SYNTH_TIMEOUT);

const resources = (type: string) => Object.entries(template.findResources(type)) as Array<[string, any]>;
const authorizerFunctionId = () => api.getLogicalId(api.functions.get(ORIGIN_AUTHORIZER)!.node.defaultChild as any);

describe('the origin authorizer', () => {
  it('guards every route: a request reaches a service only through it', () => {
    const [[authorizerId]] = resources('AWS::ApiGatewayV2::Authorizer');
    const routes = resources('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(routes).toHaveLength(services.length * 2);
    for (const route of routes) {
      expect(route.AuthorizationType, route.RouteKey).toBe('CUSTOM');
      expect(route.AuthorizerId, route.RouteKey).toEqual({ Ref: authorizerId });
    }
  });

  it('is a REQUEST authorizer on the origin header: payload 2.0, simple responses, cached by the header for minutes', () => {
    const authorizers = resources('AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [[, { Properties: authorizer }]] = authorizers;
    expect(authorizer).toMatchObject({
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      // Without this header API Gateway answers 401 and never invokes the function.
      IdentitySource: ['$request.header.x-origin-verify'],
      AuthorizerResultTtlInSeconds: ORIGIN_AUTHORIZER_CACHE.toSeconds(),
    });
    expect(ORIGIN_AUTHORIZER_CACHE.toSeconds()).toBeGreaterThanOrEqual(60);
    expect(JSON.stringify(authorizer.AuthorizerUri)).toContain(authorizerFunctionId());
    // API Gateway may invoke it, for this API's authorizers only.
    const permission = resources('AWS::Lambda::Permission')
      .map(([, p]) => p.Properties)
      .find((p) => JSON.stringify(p.FunctionName).includes(authorizerFunctionId()));
    expect(permission).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
    expect(JSON.stringify(permission.SourceArn)).toContain('/authorizers/');
  });

  it('is its own small function with reserved concurrency, reading the origin secret only, with no table access', () => {
    const fn = template.toJSON().Resources[authorizerFunctionId()];
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], MemorySize: 128, ReservedConcurrentExecutions: ORIGIN_AUTHORIZER_CONCURRENCY });
    // Its log group, without the START and REPORT lines of every invocation.
    expect(fn.Properties.LoggingConfig).toMatchObject({ LogFormat: 'JSON', SystemLogLevel: 'WARN', LogGroup: expect.anything() });
    // Where to read the origin secret (through the secrets extension, as the services do), and nothing else of the app's settings.
    const [secretId] = resources('AWS::SecretsManager::Secret').find(([, s]) => s.Properties.Name === 'Formation-Api/origin-verify')!;
    const variables = fn.Properties.Environment.Variables;
    expect(variables.ORIGIN_VERIFY_SECRET_ARN).toEqual({ Ref: secretId });
    expect(Object.keys(variables).filter((name) => !/^(PARAMETERS_SECRETS_|SECRETS_MANAGER_|SSM_PARAMETER_STORE_)/.test(name)).sort()).toEqual(['NODE_OPTIONS', 'ORIGIN_VERIFY_SECRET_ARN']);
    expect(fn.Properties.Layers).toHaveLength(1);
    const statements = statementsOf(api, template, ORIGIN_AUTHORIZER);
    const reads = statements.filter((s) => JSON.stringify(s.Action).includes('secretsmanager:'));
    expect(reads.map((s) => s.Resource)).toEqual([{ Ref: secretId }]);
    // The stand-in bundles here claim every SDK operation, so only the table grant is checked; the real
    // bundle's grants are checked by function-grants.test.ts.
    const actions = allowedActions(statements);
    expect(actions.filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
    expect(actions.filter((action) => action.startsWith('logs:')).length).toBeGreaterThan(0);
  });
});

describe('the stage', () => {
  it('has no throttle a direct caller could spend: the brakes are in the web firewall', () => {
    const [[, { Properties: stage }]] = resources('AWS::ApiGatewayV2::Stage');
    expect(stage.DefaultRouteSettings?.ThrottlingRateLimit).toBeUndefined();
    expect(stage.DefaultRouteSettings?.ThrottlingBurstLimit).toBeUndefined();
    expect(stage.RouteSettings).toBeUndefined();
  });
});
