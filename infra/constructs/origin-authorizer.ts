import { Duration } from 'aws-cdk-lib';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { FunctionSecrets } from './function-secrets';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http/request-guards';
import { ServiceFunction } from './service-function';

/**
 * API Gateway caches the authorizer's answer for this long, keyed by the header's value: CloudFront's
 * one value costs one invocation per period, and a wrong value repeated is refused from the cache.
 */
export const ORIGIN_AUTHORIZER_CACHE = Duration.minutes(5);

/**
 * Concurrency held for the authorizer alone: a flood of wrong values can use these and no more,
 * never the services' share of the account. CloudFront's traffic is answered from the cache and
 * needs about one at a time. Lambda keeps 100 unreserved, so the account's quota must be 100 + this.
 */
export const ORIGIN_AUTHORIZER_CONCURRENCY = 10;

/** It compares hashes (the secrets extension runs beside it): the smallest memory is plenty. */
const MEMORY_MB = 128;

export interface OriginAuthorizerProps {
  /** The authorizer's bundle folder (bin/build-functions.ts output). */
  codeDir: string;
  /** The origin secret, read at run time as the services read it (functions/lib/secrets.ts). */
  secrets: Pick<FunctionSecrets, 'originVerify'>;
  logRetention: logs.RetentionDays;
  tracing?: boolean;
  /** Grants what its bundle calls (the API stack's one grant path); the authorizer has no table access. */
  grant: (role: iam.Role, codeDir: string) => void;
}

/**
 * Every route's authorizer (docs/deploy.md, "How requests reach the app"): a REQUEST authorizer on
 * the origin header, payload 2.0 with simple responses. A request without the header never invokes
 * it (API Gateway answers 401); with a wrong value it answers 403; in neither case does a service run.
 */
export class OriginAuthorizer extends Construct {
  readonly fn: lambda.Function;
  readonly authorizer: HttpLambdaAuthorizer;

  constructor(scope: Construct, id: string, props: OriginAuthorizerProps) {
    super(scope, id);
    const { fn, role } = new ServiceFunction(this, 'Function', {
      codeDir: props.codeDir,
      environment: {},
      secrets: props.secrets,
      logRetention: props.logRetention,
      tracing: props.tracing,
      description: `HTTP API authorizer: only requests carrying CloudFront's ${ORIGIN_VERIFY_HEADER} reach a service`,
      timeout: Duration.seconds(3),
    });
    props.grant(role, props.codeDir);
    const cfn = fn.node.defaultChild as lambda.CfnFunction;
    cfn.memorySize = MEMORY_MB;
    cfn.reservedConcurrentExecutions = ORIGIN_AUTHORIZER_CONCURRENCY;
    // No START and REPORT lines per invocation (Lambda's INFO system logs): a flood of wrong values
    // would otherwise pay for about 300 bytes of log per refusal; errors and warnings still arrive.
    cfn.addPropertyOverride('LoggingConfig.LogFormat', 'JSON');
    cfn.addPropertyOverride('LoggingConfig.SystemLogLevel', 'WARN');
    this.fn = fn;
    this.authorizer = new HttpLambdaAuthorizer('OriginVerify', fn, {
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: ORIGIN_AUTHORIZER_CACHE,
    });
  }
}
