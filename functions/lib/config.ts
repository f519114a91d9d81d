import { SECRET_SETTINGS, secretConfigured, secretValues, type SecretName } from './secrets';

/**
 * Every setting the functions read, in one place. In AWS these come from the Lambda
 * environment (set by infra/); locally `bin/local` sets them before loading handlers.
 * Read lazily so tests can point each file at its own table.
 *
 * A setting with a local default has that default only off AWS: in a Lambda a missing
 * one fails at start (`assertConfigured`) rather than quietly using a local value.
 */
export function runsInAws(): boolean {
  return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
}

function env(name: string, localDefault?: string): string {
  const value = process.env[name];
  if (value !== undefined && value !== '') return value;
  if (localDefault !== undefined && !runsInAws()) return localDefault;
  throw new Error(`Missing setting ${name}`);
}

/** Settings whose defaults are policy, the same in AWS and locally. */
function setting(name: string, fallback: string): string {
  const value = process.env[name];
  return value !== undefined && value !== '' ? value : fallback;
}

function positiveNumber(name: string, fallback: string): number {
  const value = Number(setting(name, fallback));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`Setting ${name} must be a positive number`);
  return value;
}

/** The topics the local stand-ins publish on (bin/local/sms-page.ts and the tests). */
export const LOCAL_SMS_REPLY_TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:formation-sms-replies';
export const LOCAL_MAIL_EVENTS_TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:formation-mail-events';

/** A setting whose default applies only off AWS; in a Lambda an unset one is undefined. */
function localOnlyDefault(name: string, localDefault: string): string | undefined {
  const value = process.env[name];
  if (value) return value;
  return runsInAws() ? undefined : localDefault;
}

/** Off AWS, where the shell's feedback link goes when FEEDBACK_URL is unset: the local runtime's page. */
export const LOCAL_FEEDBACK_PATH = '/local/feedback';

export const config = {
  get region() { return env('AWS_REGION', 'us-east-1'); },
  get tableName() { return env('TABLE_NAME', 'formation'); },
  /** Unset in AWS; DynamoDB Local's address on one machine. */
  get dynamoEndpoint() { return process.env.DYNAMODB_ENDPOINT || undefined; },
  get s3Endpoint() { return process.env.S3_ENDPOINT || undefined; },
  get uploadsBucket() { return env('UPLOADS_BUCKET', 'formation-uploads'); },
  get sesEndpoint() { return process.env.SES_ENDPOINT || undefined; },
  get mailFrom() { return env('MAIL_FROM', 'no-reply@example.org'); },
  /** `sns` in AWS; `local` writes SMS to the local outbox page. */
  get smsAdapter() { return setting('SMS_ADAPTER', 'sns') as 'sns' | 'local'; },
  /** The registered number SMS are sent from (E.164); needed for US numbers and for replies to reach the reply topic. */
  get smsOriginationNumber() { return process.env.SMS_ORIGINATION_NUMBER || undefined; },
  /** Alphanumeric sender ID, where the destination country allows one. */
  get smsSenderId() { return process.env.SMS_SENDER_ID || undefined; },
  /** The public origin of the app (SPA and /api share it). */
  get appUrl() { return env('APP_URL', 'http://localhost:3000'); },
  get oidcIssuer() { return env('OIDC_ISSUER'); },
  get oidcClientId() { return env('OIDC_CLIENT_ID'); },
  get oidcClientSecret() { return process.env.OIDC_CLIENT_SECRET || undefined; },
  /** Cognito's logout endpoint is not in its discovery document; set it in AWS. */
  get oidcLogoutUrl() { return process.env.OIDC_LOGOUT_URL || undefined; },
  /** `cognito` in AWS; `local` keeps accounts in the table (bin/local). */
  get identityAdapter() { return setting('IDENTITY_ADAPTER', 'cognito') as 'cognito' | 'local'; },
  get cognitoUserPoolId() { return env('COGNITO_USER_POOL_ID'); },
  /** Absolute session lifetime. */
  get sessionDays() { return positiveNumber('SESSION_DAYS', '7'); },
  /** A session unused this long ends, whatever its absolute lifetime. */
  get sessionIdleHours() { return positiveNumber('SESSION_IDLE_HOURS', '8'); },
  /**
   * Encrypts the short-lived sign-in cookie (OAuth state, PKCE verifier, nonce, target).
   * At least 32 characters; the local runtime generates one at every start. In AWS read from
   * Secrets Manager (./secrets.ts, as are the two below).
   */
  get cookieSecret() {
    const secret = secretValues('cookie').current;
    if (!secret) throw new Error('Missing setting COOKIE_SECRET');
    if (secret.length < 32) throw new Error('Setting COOKIE_SECRET must be at least 32 characters');
    return secret;
  },
  /** Set in AWS: requests without header `x-origin-verify` equal to it did not come through CloudFront (403). */
  get originVerifySecret() { return secretValues('originVerify').current; },
  /** The values the origin header may carry: the current one, and during a rotation the previous one (docs/deploy.md, "Secrets"). */
  get originVerifySecrets(): string[] {
    const { current, previous } = secretValues('originVerify');
    return [current, previous].filter((value): value is string => Boolean(value));
  },
  /**
   * The SNS topics whose messages the webhooks accept (docs/security.md, "Provider
   * webhooks"): inbound SMS, and SES bounces and complaints. Unset in AWS: nothing is
   * accepted. Locally the topics the local runtime's stand-ins name.
   */
  get smsReplyTopicArn() { return localOnlyDefault('SMS_REPLY_TOPIC_ARN', LOCAL_SMS_REPLY_TOPIC_ARN); },
  get mailEventsTopicArn() { return localOnlyDefault('MAIL_EVENTS_TOPIC_ARN', LOCAL_MAIL_EVENTS_TOPIC_ARN); },
  /**
   * The public key (PEM) the local runtime signs its simulated SNS messages with. Never
   * honoured in a Lambda, whatever the environment says: production trusts only AWS's
   * certificates (functions/core/communication/sns-signature.ts).
   */
  get localSnsSigningKey() { return runsInAws() ? undefined : process.env.LOCAL_SNS_SIGNING_KEY || undefined; },
  /**
   * The external feedback form the shell links to (https only). Unset: no link in AWS, and off
   * AWS the local runtime's stand-in page (bin/local/feedback-page.ts).
   */
  get feedbackUrl() {
    const value = process.env.FEEDBACK_URL;
    if (!value) return runsInAws() ? undefined : LOCAL_FEEDBACK_PATH;
    return /^https:\/\/[^\s]+$/.test(value) ? value : undefined;
  },
  get logLevel() { return setting('LOG_LEVEL', 'info'); },
  /**
   * Signs the unsubscribe links of notification emails (HMAC; docs/security.md, "Unsubscribe
   * links"). At least 32 characters; a fixed local default off AWS, so links survive restarts.
   */
  get unsubscribeSecret() {
    const secret = secretValues('unsubscribe').current ?? env('UNSUBSCRIBE_SECRET', 'local-unsubscribe-secret-not-for-any-deployment');
    if (secret.length < 32) throw new Error('Setting UNSUBSCRIBE_SECRET must be at least 32 characters');
    return secret;
  },
  /** Delivery policy (docs/notifications.md): the digest's local hour, the automatic digest's threshold per hour, SMS per day. */
  get digestHour() { return hourSetting('DIGEST_HOUR', '7'); },
  get autoDigestPerHour() { return positiveNumber('AUTO_DIGEST_PER_HOUR', '10'); },
  get smsPerDay() { return positiveNumber('SMS_PER_DAY', '5'); },
};

function hourSetting(name: string, fallback: string): number {
  const hour = Number(setting(name, fallback));
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new Error(`Setting ${name} must be an hour from 0 to 23`);
  return hour;
}

/** What every HTTP function needs in AWS; read once at start so a missing one fails the cold start. */
const REQUIRED_FOR_HTTP = ['tableName', 'appUrl', 'uploadsBucket', 'mailFrom', 'oidcIssuer', 'oidcClientId'] as const;
/** Secrets every HTTP function needs: present at start (an ARN, or the value); the value itself is read at the first request. */
const SECRETS_FOR_HTTP: readonly SecretName[] = ['cookie'];

/** Throws `Missing setting NAME` for the first required setting that is missing (local defaults count off AWS). */
export function assertConfigured(names: readonly (keyof typeof config)[] = REQUIRED_FOR_HTTP, secrets: readonly SecretName[] = SECRETS_FOR_HTTP): void {
  for (const name of names) void config[name];
  for (const name of secrets) if (!secretConfigured(name)) throw new Error(`Missing setting ${SECRET_SETTINGS[name]}`);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure cookies everywhere except plain-http localhost (a plain-http public origin gets Secure cookies, so no session over http). */
export function cookieIsSecure(): boolean {
  const url = new URL(config.appUrl);
  return !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}
