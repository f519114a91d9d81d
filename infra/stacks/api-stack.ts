import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { acknowledge } from '../constructs/acknowledge';
import { accessLogFormat } from '../constructs/api-access-log';
import { OutboxWorkerWiring, deadLetterQueue } from '../constructs/outbox-worker-wiring';
import { ServiceFunction } from '../constructs/service-function';
import { OUTBOX_WORKER, bundleFolder } from '../bundling/function-bundles';
import { READ_ONLY_FUNCTIONS, grantNeeds, grantTableAccess, needsOf, type NeedResources } from '../function-needs';

export interface ApiStackProps extends StackProps {
  /** One Lambda each, behind /api/<service> (shared/api `services`). */
  services: readonly string[];
  /** Folder holding one bundle folder per function (bin/build-functions.ts output). */
  bundlesDir: string;
  table: dynamodb.Table;
  tableIndexNames: readonly string[];
  uploads: { bucketName: string };
  uploadsObjectAccess: iam.IManagedPolicy;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  issuerUrl: string;
  logoutUrl: string;
  appUrl: string;
  mailFrom: string;
  smsOriginationNumber?: string;
  smsSenderId?: string;
  logRetention: logs.RetentionDays;
  /** Receives the outbox alarms by email, when set. */
  alarmEmail?: string;
}

/** Requests per second the whole API accepts before answering 429: a brake on runaway bills. */
const THROTTLE = { rate: 100, burst: 200 };

/** The header CloudFront adds to every /api/* request; the handlers answer only requests that carry the secret in it. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The HTTP API, one function per service, and the outbox worker on the table's stream. */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly functions = new Map<string, lambda.Function>();
  /** The shared secret of ORIGIN_VERIFY_HEADER, as a deploy-time reference (never a literal in a template). */
  readonly originVerifySecret: string;
  readonly worker: OutboxWorkerWiring;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const secretName = `${this.stackName}/origin-verify`;
    const secret = this.originSecret(secretName);
    // By name, not ARN: a plain string both here and in the web stack, with no export between them.
    this.originVerifySecret = SecretValue.secretsManager(secretName).unsafeUnwrap();
    const environment = settingsForFunctions(props);
    const needResources: NeedResources = { uploadsObjectAccess: props.uploadsObjectAccess, userPool: props.userPool, mailFrom: props.mailFrom };

    const addFunction = (name: string, description: string, extraEnvironment: Record<string, string> = {}, timeout?: Duration) => {
      const { fn, role } = new ServiceFunction(this, `Fn-${name}`, {
        codeDir: bundleFolder(props.bundlesDir, name),
        environment: { ...environment, ...extraEnvironment },
        logRetention: props.logRetention,
        description,
        timeout,
      });
      grantTableAccess(role, props.table, props.tableIndexNames, READ_ONLY_FUNCTIONS.includes(name) ? 'read' : 'readWrite');
      grantNeeds(role, needsOf(name), needResources);
      this.functions.set(name, fn);
      return fn;
    };

    this.httpApi = new apigw.HttpApi(this, 'Http', { description: 'Formation Tracks API, reached through CloudFront at /api/*' });
    this.configureStage(props.logRetention);
    acknowledge(this.httpApi, {
      APIG4: 'Every route is authorised in the handler pipeline: session cookie -> user -> ability, then scoped checks on the loaded object (ARCHITECTURE.md sections 4 and 7). Public routes (health, sign-in) are public by design.',
    });

    for (const service of props.services) {
      const fn = addFunction(service, `HTTP service /api/${service}`, { ORIGIN_VERIFY_SECRET: this.originVerifySecret });
      // Resolved when CloudFormation deploys the function, so the secret must exist first.
      fn.node.addDependency(secret);
      // The service's own router matches the precise routes (ARCHITECTURE.md section 2).
      const integration = new HttpLambdaIntegration(`Integration-${service}`, fn);
      for (const path of [`/api/${service}`, `/api/${service}/{proxy+}`]) {
        this.httpApi.addRoutes({ path, methods: [apigw.HttpMethod.ANY], integration });
      }
    }

    const worker = addFunction(OUTBOX_WORKER, 'Delivers outbox items (email, SMS, notifications) from the table stream', {}, Duration.seconds(30));
    this.worker = new OutboxWorkerWiring(this, 'Outbox', { worker, deadLetters: deadLetterQueue(this, 'OutboxFailures'), table: props.table, alarmEmail: props.alarmEmail });

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  /**
   * A random value generated by Secrets Manager at the first deploy and kept across deploys.
   * CloudFormation resolves it into the functions' environment and CloudFront's origin header;
   * no template and no source file holds it.
   */
  private originSecret(secretName: string): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, 'OriginVerify', {
      secretName,
      description: `CloudFront sends this value in ${ORIGIN_VERIFY_HEADER}; the API refuses /api requests without it`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(secret, {
      SMG4: 'Deploy-time value shared by CloudFront and the functions: automatic rotation would change it under both without redeploying them, and every /api request would fail. Rotate by hand (docs/deploy.md, "The origin secret").',
    });
    return secret;
  }

  /** Throttling and JSON access logs on the $default stage. */
  private configureStage(retention: logs.RetentionDays): void {
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    const stage = this.httpApi.defaultStage?.node.defaultChild as apigw.CfnStage;
    stage.defaultRouteSettings = { throttlingRateLimit: THROTTLE.rate, throttlingBurstLimit: THROTTLE.burst };
    stage.accessLogSettings = { destinationArn: accessLogs.logGroupArn, format: accessLogFormat() };
  }
}

/** The settings functions/lib/config.ts reads. */
function settingsForFunctions(props: ApiStackProps): Record<string, string> {
  return {
    TABLE_NAME: props.table.tableName,
    UPLOADS_BUCKET: props.uploads.bucketName,
    APP_URL: props.appUrl,
    MAIL_FROM: props.mailFrom,
    SMS_ADAPTER: 'sns',
    ...(props.smsOriginationNumber ? { SMS_ORIGINATION_NUMBER: props.smsOriginationNumber } : {}),
    ...(props.smsSenderId ? { SMS_SENDER_ID: props.smsSenderId } : {}),
    IDENTITY_ADAPTER: 'cognito',
    COGNITO_USER_POOL_ID: props.userPool.userPoolId,
    OIDC_ISSUER: props.issuerUrl,
    OIDC_CLIENT_ID: props.userPoolClient.userPoolClientId,
    OIDC_LOGOUT_URL: props.logoutUrl,
  };
}
