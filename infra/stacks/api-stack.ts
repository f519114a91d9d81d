import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ServiceFunction } from '../constructs/service-function';
import { OUTBOX_WORKER, bundleFolder } from '../bundling/function-bundles';
import { grantNeeds, grantTableAccess, needsOf, type NeedResources } from '../function-needs';

export interface ApiStackProps extends StackProps {
  /** One Lambda each, behind /api/<service> (shared/api `services`). */
  services: readonly string[];
  /** Folder holding one bundle folder per function (bin/build-functions.ts output). */
  bundlesDir: string;
  table: dynamodb.Table;
  uploads: s3.IBucket;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  issuerUrl: string;
  logoutUrl: string;
  appUrl: string;
  mailFrom: string;
  smsOriginationNumber?: string;
  smsSenderId?: string;
  logRetention: logs.RetentionDays;
}

/** Requests per second the whole API accepts before answering 429: a brake on runaway bills. */
const THROTTLE = { rate: 100, burst: 200 };

/** The HTTP API, one function per service, and the outbox worker on the table's stream. */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly functions = new Map<string, lambda.Function>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const environment = settingsForFunctions(props);
    const needResources: NeedResources = { uploads: props.uploads, userPool: props.userPool, mailFrom: props.mailFrom };

    const addFunction = (name: string, description: string, timeout?: Duration) => {
      const { fn } = new ServiceFunction(this, `Fn-${name}`, {
        codeDir: bundleFolder(props.bundlesDir, name),
        environment,
        logRetention: props.logRetention,
        description,
        timeout,
      });
      grantTableAccess(fn, props.table);
      grantNeeds(fn, needsOf(name), needResources);
      this.functions.set(name, fn);
      return fn;
    };

    this.httpApi = new apigw.HttpApi(this, 'Http', { description: 'Formation Tracks API, reached through CloudFront at /api/*' });
    const stage = this.httpApi.defaultStage?.node.defaultChild as apigw.CfnStage;
    stage.defaultRouteSettings = { throttlingRateLimit: THROTTLE.rate, throttlingBurstLimit: THROTTLE.burst };

    for (const service of props.services) {
      const fn = addFunction(service, `HTTP service /api/${service}`);
      // The service's own router matches the precise routes (ARCHITECTURE.md section 2).
      const integration = new HttpLambdaIntegration(`Integration-${service}`, fn);
      for (const path of [`/api/${service}`, `/api/${service}/{proxy+}`]) {
        this.httpApi.addRoutes({ path, methods: [apigw.HttpMethod.ANY], integration });
      }
    }

    const worker = addFunction(OUTBOX_WORKER, 'Delivers outbox items (email, SMS, notifications) from the table stream', Duration.seconds(30));
    worker.addEventSource(outboxStream(this, props.table));

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
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

/**
 * Only inserted outbox items wake the worker (ElectroDB writes the entity name to __edb_e__).
 * A failing batch is halved until the bad record is alone; after the retries it goes to a queue
 * kept for two weeks, so nothing is lost silently.
 */
function outboxStream(scope: Construct, table: dynamodb.Table): DynamoEventSource {
  const deadLetters = new sqs.Queue(scope, 'OutboxFailures', {
    retentionPeriod: Duration.days(14),
    enforceSSL: true,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
  });
  return new DynamoEventSource(table, {
    startingPosition: lambda.StartingPosition.TRIM_HORIZON,
    batchSize: 10,
    maxBatchingWindow: Duration.seconds(1),
    retryAttempts: 5,
    bisectBatchOnError: true,
    reportBatchItemFailures: true,
    maxRecordAge: Duration.hours(6),
    onFailure: new SqsDlq(deadLetters),
    filters: [
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual('INSERT'),
        dynamodb: { NewImage: { __edb_e__: { S: lambda.FilterRule.isEqual('outbox') } } },
      }),
    ],
  });
}
