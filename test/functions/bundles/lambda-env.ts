import { randomBytes } from 'node:crypto';

/**
 * The environment a bundle gets, as infra/stacks/api-stack.ts sets it in AWS (settingsForFunctions,
 * the secrets, ServiceFunction's NODE_OPTIONS), with the local stand-ins in place of AWS services:
 * this file's DynamoDB Local table, the run's local S3, a local SES, the local identity and SMS adapters.
 * AWS_LAMBDA_FUNCTION_NAME makes the functions behave as in a Lambda (functions/lib/config.ts
 * `runsInAws`): required settings checked at cold start, no local defaults, metrics lines written.
 */
export interface StandIns {
  dynamoEndpoint: string;
  tableName: string;
  s3Endpoint: string;
  sesEndpoint: string;
  smsOutboxFile: string;
  appUrl: string;
}

/** The secrets of one run (new each time, as the local runtime makes its cookie secret). */
export const RUN_SECRETS = {
  originVerify: randomBytes(24).toString('base64url'),
  cookie: randomBytes(32).toString('base64url'),
  unsubscribe: randomBytes(32).toString('base64url'),
};

export function lambdaEnvironment(bundle: string, standIns: StandIns): Record<string, string> {
  return {
    AWS_LAMBDA_FUNCTION_NAME: `formation-${bundle}`,
    AWS_REGION: 'us-east-1',
    // The bundles take credentials from the environment only (infra/bundling/lambda-env-credentials.ts).
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    NODE_OPTIONS: '--enable-source-maps',
    TZ: 'UTC',
    LOG_LEVEL: 'warn',
    TABLE_NAME: standIns.tableName,
    DYNAMODB_ENDPOINT: standIns.dynamoEndpoint,
    S3_ENDPOINT: standIns.s3Endpoint,
    UPLOADS_BUCKET: 'formation-uploads',
    SES_ENDPOINT: standIns.sesEndpoint,
    APP_URL: standIns.appUrl,
    MAIL_FROM: 'no-reply@example.org',
    SMS_ADAPTER: 'local',
    SMS_OUTBOX_FILE: standIns.smsOutboxFile,
    IDENTITY_ADAPTER: 'local',
    // Required at cold start; no route called here reaches the provider.
    OIDC_ISSUER: `${standIns.appUrl}/oidc`,
    OIDC_CLIENT_ID: 'formation-local',
    ORIGIN_VERIFY_SECRET: RUN_SECRETS.originVerify,
    COOKIE_SECRET: RUN_SECRETS.cookie,
    UNSUBSCRIBE_SECRET: RUN_SECRETS.unsubscribe,
  };
}
