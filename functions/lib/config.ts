/**
 * Every setting the functions read, in one place. In AWS these come from the Lambda
 * environment (set by infra/); locally `bin/local` sets them before loading handlers.
 * Read lazily so tests can point each file at its own table.
 */
function env(name: string, fallback?: string): string {
  const value = process.env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`Missing setting ${name}`);
}

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
  get smsAdapter() { return env('SMS_ADAPTER', 'sns') as 'sns' | 'local'; },
  /** The public origin of the app (SPA and /api share it). */
  get appUrl() { return env('APP_URL', 'http://localhost:3000'); },
  get oidcIssuer() { return env('OIDC_ISSUER'); },
  get oidcClientId() { return env('OIDC_CLIENT_ID'); },
  get oidcClientSecret() { return process.env.OIDC_CLIENT_SECRET || undefined; },
  /** Cognito's logout endpoint is not in its discovery document; set it in AWS. */
  get oidcLogoutUrl() { return process.env.OIDC_LOGOUT_URL || undefined; },
  /** `cognito` in AWS; `local` keeps accounts in the table (bin/local). */
  get identityAdapter() { return env('IDENTITY_ADAPTER', 'cognito') as 'cognito' | 'local'; },
  get cognitoUserPoolId() { return env('COGNITO_USER_POOL_ID'); },
  get sessionDays() { return Number(env('SESSION_DAYS', '7')); },
  get logLevel() { return env('LOG_LEVEL', 'info'); },
};

/** Secure cookies everywhere except plain-http localhost. */
export function cookieIsSecure(): boolean {
  return !config.appUrl.startsWith('http://');
}
