import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_HANDLER } from '../bundling/function-bundles';
import { acknowledge } from './acknowledge';
import { type FunctionSecrets, grantSecretReads, secretEnvironment, secretsExtension } from './function-secrets';

export interface ServiceFunctionProps {
  /** Folder holding the bundle (index.mjs and its source map). */
  codeDir: string;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  description: string;
  timeout?: Duration;
  /** X-Ray active tracing: Lambda records each invocation's segments (start-up, handler, overhead). */
  tracing?: boolean;
  /** Secrets read at run time from Secrets Manager (docs/deploy.md, "Secrets"): their ARNs, the extension and the read grant. */
  secrets?: FunctionSecrets;
}

/**
 * One of our Lambdas: Node 22 on arm64 (cheaper per GB-second), a prebuilt esbuild bundle, its own
 * log group, and its own role that may write to that log group and nothing else until granted more.
 */
export class ServiceFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const secrets = props.secrets ?? {};
    // An explicit log group so retention is set without the legacy log-retention custom resource.
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Not the AWS managed basic-execution policy: that one may create and write any log group.
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'), description: props.description });
    logGroup.grantWrite(this.role);
    this.fn = new lambda.Function(this, 'Function', {
      role: this.role,
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: LAMBDA_HANDLER,
      code: lambda.Code.fromAsset(props.codeDir),
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment, ...secretEnvironment(secrets) },
      logGroup,
      tracing: props.tracing ? lambda.Tracing.ACTIVE : undefined,
      paramsAndSecrets: Object.keys(secrets).length ? secretsExtension() : undefined,
    });
    grantSecretReads(this.role, secrets);
    if (props.tracing) {
      acknowledge(this.role, {
        'IAM5[Resource::*]': 'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords (added by CDK for Tracing.ACTIVE) have no resource-level permissions.',
      });
    }
    acknowledge(this.fn, {
      L1: 'Node.js 22 is the runtime ARCHITECTURE.md section 2 chose (supported by Lambda, the bundles target it); a newer one is a project decision taken there, not a drift to fix here.',
    });
  }
}
