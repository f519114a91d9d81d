import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { accessLogFormat } from '../constructs/api-access-log';
import { DeploySecret } from '../constructs/deploy-secret';
import { Operations } from '../constructs/operations';
import { OutboxWorkerWiring, deadLetterQueue } from '../constructs/outbox-worker-wiring';
import { OriginAuthorizer } from '../constructs/origin-authorizer';
import type { FunctionSecrets } from '../constructs/function-secrets';
import { ServiceFunction } from '../constructs/service-function';
import { JOB_WORKER, ORIGIN_AUTHORIZER, OUTBOX_WORKER, bundleFolder } from '../bundling/function-bundles';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http/request-guards';
import { READ_ONLY_FUNCTIONS, grantSdkCalls, grantTableAccess, type NeedResources } from '../function-needs';
import { readSdkCalls } from '../bundling/sdk-calls';

export interface ApiStackProps extends StackProps {
  /** One Lambda each, behind /api/<service> (shared/api `services`). */
  services: readonly string[];
  /** Folder holding one bundle folder per function (bin/build-functions.ts output). */
  bundlesDir: string;
  table: dynamodb.Table;
  tableIndexNames: readonly string[];
  uploads: s3.IBucket;
  uploadsObjectAccess: iam.IManagedPolicy;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  issuerUrl: string;
  logoutUrl: string;
  appUrl: string;
  mailFrom: string;
  smsOriginationNumber?: string;
  smsSenderId?: string;
  /** The topics the communication webhooks accept (unset: they accept nothing). */
  smsReplyTopicArn?: string;
  mailEventsTopicArn?: string;
  /** The shell's feedback form (unset: no link). */
  feedbackUrl?: string;
  logRetention: logs.RetentionDays;
  /** Receives the alarms by email, when set. */
  alarmEmail?: string;
  /** US dollars a month: the cost budget that notifies the alarms topic (infra/constructs/cost-budget.ts). */
  monthlyBudget: number;
  /** X-Ray active tracing on every function (the `tracing` setting). */
  tracing: boolean;
  /** The origin secret's version CloudFront sends (docs/deploy.md, "Secrets"); unset: the current one. */
  originVerifyVersion?: string;
}

/** The job worker's timeout: a job step is one bounded chunk of seconds (functions/db/jobs.ts); under the 120 s job lease. */
export const JOB_WORKER_TIMEOUT = Duration.seconds(60);

/** CloudFront adds this header to every /api/* request; the handlers answer only requests that carry the secret in it. */
export { ORIGIN_VERIFY_HEADER };

/** The HTTP API, one function per service, and the outbox worker and the job worker on the table's stream. */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly functions = new Map<string, lambda.Function>();
  /** The shared secret of ORIGIN_VERIFY_HEADER, as a deploy-time reference (never a literal in a template or in source). */
  readonly originVerifySecret: string;
  readonly worker: OutboxWorkerWiring;
  /** The alarms, the cost budget and the dashboard (docs/deploy.md, "When an alarm fires"). */
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const secrets = this.secrets();
    this.originVerifySecret = secrets.originVerify.reference(props.originVerifyVersion);
    const environment = settingsForFunctions(props);
    const needResources: NeedResources = { uploadsObjectAccess: props.uploadsObjectAccess, uploads: props.uploads, userPool: props.userPool, mailFrom: props.mailFrom };

    const addFunction = (name: string, description: string, functionSecrets: FunctionSecrets, timeout?: Duration) => {
      const codeDir = bundleFolder(props.bundlesDir, name);
      const { fn, role } = new ServiceFunction(this, `Fn-${name}`, {
        codeDir,
        environment,
        secrets: functionSecrets,
        logRetention: props.logRetention,
        description,
        timeout,
        tracing: props.tracing,
      });
      grantTableAccess(role, props.table, props.tableIndexNames, READ_ONLY_FUNCTIONS.includes(name) ? 'readOnly' : 'readWrite');
      grantSdkCalls(role, readSdkCalls(codeDir), needResources);
      this.functions.set(name, fn);
      return fn;
    };

    // Every route, before any service runs: only requests through CloudFront (docs/deploy.md, "How requests reach the app").
    const origin = new OriginAuthorizer(this, 'OriginAuthorizer', {
      codeDir: bundleFolder(props.bundlesDir, ORIGIN_AUTHORIZER),
      secrets: { originVerify: secrets.originVerify.secret },
      logRetention: props.logRetention,
      tracing: props.tracing,
      grant: (role, codeDir) => grantSdkCalls(role, readSdkCalls(codeDir), needResources),
    });
    this.functions.set(ORIGIN_AUTHORIZER, origin.fn);
    this.httpApi = new apigw.HttpApi(this, 'Http', { description: 'Formation Tracks API, reached through CloudFront at /api/*', defaultAuthorizer: origin.authorizer });
    const accessLogs = this.configureStage(props.logRetention);

    for (const service of props.services) {
      // Read at run time from Secrets Manager (functions/lib/secrets.ts): the functions hold only the ARNs.
      const fn = addFunction(service, `HTTP service /api/${service}`, { originVerify: secrets.originVerify.secret, cookie: secrets.cookie.secret, unsubscribe: secrets.unsubscribe.secret });
      // The service's own router matches the precise routes (ARCHITECTURE.md section 2).
      const integration = new HttpLambdaIntegration(`Integration-${service}`, fn);
      for (const path of [`/api/${service}`, `/api/${service}/{proxy+}`]) {
        this.httpApi.addRoutes({ path, methods: [apigw.HttpMethod.ANY], integration });
      }
    }

    // The worker signs the unsubscribe links of the emails it renders.
    const worker = addFunction(OUTBOX_WORKER, 'Delivers outbox items (email, SMS, notifications) from the table stream', { unsubscribe: secrets.unsubscribe.secret }, Duration.seconds(30));
    // Every background job's steps (functions/events/job-worker.ts); no secret: its steps write outbox items, which the worker above renders.
    // Its timeout leaves a step the 10 s reserve and more, and stays under the job lease (120 s), so no other run takes a step over while it still runs.
    const jobWorker = addFunction(JOB_WORKER, 'Runs the steps of background jobs from the table stream and the sweep', {}, JOB_WORKER_TIMEOUT);
    this.worker = new OutboxWorkerWiring(this, 'Outbox', {
      worker,
      deadLetters: deadLetterQueue(this, 'OutboxFailures'),
      jobWorker,
      jobDeadLetters: deadLetterQueue(this, 'JobFailures'),
      table: props.table,
      alarmEmail: props.alarmEmail,
    });

    this.operations = new Operations(this, 'Operations', {
      httpApi: this.httpApi,
      functions: [...this.functions.values()],
      accessLogs,
      outbox: this.worker,
      monthlyBudgetUsd: props.monthlyBudget,
    });

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  /** The functions' deploy-time secrets (docs/deploy.md, "Secrets"). */
  private secrets(): { originVerify: DeploySecret; cookie: DeploySecret; unsubscribe: DeploySecret } {
    return {
      originVerify: new DeploySecret(this, 'OriginVerify', {
        name: 'origin-verify',
        description: `CloudFront sends this value in ${ORIGIN_VERIFY_HEADER}; the API refuses /api requests without it`,
        noRotationBecause: 'CloudFront holds the value it got at the last deploy: automatic rotation would change it under CloudFront, and every /api request would fail. Rotated by hand in two steps while the functions accept the previous value too (docs/deploy.md, "Secrets").',
      }),
      cookie: new DeploySecret(this, 'CookieSecret', {
        name: 'cookie-secret',
        description: 'Encrypts the short-lived sign-in cookie (OAuth state, PKCE verifier); COOKIE_SECRET of the HTTP functions',
        noRotationBecause: 'It only protects sign-ins in progress for minutes, so a rotation Lambda is not worth its cost; rotated by hand with put-secret-value, which the functions read within five minutes (docs/deploy.md, "Secrets").',
      }),
      unsubscribe: new DeploySecret(this, 'UnsubscribeSecret', {
        name: 'unsubscribe-secret',
        description: 'Signs the one-click unsubscribe links of notification emails; UNSUBSCRIBE_SECRET of the HTTP functions and the outbox worker',
        noRotationBecause: 'Links already mailed carry signatures made with it: rotating it breaks every unsubscribe link sent so far. Rotated by hand (docs/deploy.md, "Secrets").',
      }),
    };
  }

  /**
   * JSON access logs on the $default stage; returns the access log group. No stage or route
   * throttle: any caller of the API's own address could spend it (docs/deploy.md, "How requests
   * reach the app"); the brakes are the web firewall's limits, which count only CloudFront's traffic.
   */
  private configureStage(retention: logs.RetentionDays): logs.LogGroup {
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    const stage = this.httpApi.defaultStage?.node.defaultChild as apigw.CfnStage;
    stage.accessLogSettings = { destinationArn: accessLogs.logGroupArn, format: accessLogFormat() };
    return accessLogs;
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
    ...(props.smsReplyTopicArn ? { SMS_REPLY_TOPIC_ARN: props.smsReplyTopicArn } : {}),
    ...(props.mailEventsTopicArn ? { MAIL_EVENTS_TOPIC_ARN: props.mailEventsTopicArn } : {}),
    ...(props.feedbackUrl ? { FEEDBACK_URL: props.feedbackUrl } : {}),
    IDENTITY_ADAPTER: 'cognito',
    COGNITO_USER_POOL_ID: props.userPool.userPoolId,
    OIDC_ISSUER: props.issuerUrl,
    OIDC_CLIENT_ID: props.userPoolClient.userPoolClientId,
    OIDC_LOGOUT_URL: props.logoutUrl,
  };
}
