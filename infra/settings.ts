import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';

/**
 * What a conference provides, from CDK context (`-c appDomain=...` or cdk.json "context")
 * or else from the environment variable in brackets. Documented in docs/deploy.md.
 */
export const SETTING_SOURCES = {
  name: 'FORMATION_NAME',
  appDomain: 'APP_DOMAIN',
  certificateArn: 'CERTIFICATE_ARN',
  cognitoDomainPrefix: 'COGNITO_DOMAIN_PREFIX',
  mailFrom: 'MAIL_FROM',
  sesIdentity: 'SES_IDENTITY',
  smsOriginationNumber: 'SMS_ORIGINATION_NUMBER',
  smsSenderId: 'SMS_SENDER_ID',
  logRetentionDays: 'LOG_RETENTION_DAYS',
  apiRateLimit: 'API_RATE_LIMIT',
  signInRateLimit: 'SIGN_IN_RATE_LIMIT',
  mfa: 'MFA',
  alarmEmail: 'ALARM_EMAIL',
  monthlyBudget: 'MONTHLY_BUDGET',
  tracing: 'TRACING',
  originVerifyVersion: 'ORIGIN_VERIFY_VERSION',
  smsReplyTopicArn: 'SMS_REPLY_TOPIC_ARN',
  mailEventsTopicArn: 'MAIL_EVENTS_TOPIC_ARN',
  feedbackUrl: 'FEEDBACK_URL',
} as const;

export type SettingName = keyof typeof SETTING_SOURCES;

/** Used only until a conference sets appDomain: lets `npm run synth` work with no settings at all. */
export const PLACEHOLDER_APP_DOMAIN = 'app-domain-not-set.invalid';
const PLACEHOLDER_MAIL_FROM = 'no-reply@example.org';

const hostname = z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a lower-case host name such as formation.example.org');
const optional = <T extends z.ZodType>(schema: T) => schema.optional();
const snsTopicArn = z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, 'an SNS topic ARN');
/** AWS WAF rate-based rules count requests per client IP over five minutes; 10 is the smallest limit it accepts. */
const rateLimit = (fallback: number) => z.coerce.number().int().min(10, 'at least 10 (the smallest limit AWS WAF accepts)').max(2_000_000_000).default(fallback);

/** Defaults: an office behind one address with a few dozen busy people stays well under both. */
export const DEFAULT_API_RATE_LIMIT = 3000;
export const DEFAULT_SIGN_IN_RATE_LIMIT = 100;
/** US dollars a month: well above a conference's usual bill (docs/deploy.md, "Costs"), so a notice means something changed. */
export const DEFAULT_MONTHLY_BUDGET = 50;

const settingsSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,30}$/, 'letters, digits and hyphens, starting with a letter').default('Formation'),
    appDomain: optional(hostname),
    certificateArn: optional(z.string().regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from that region)')),
    cognitoDomainPrefix: optional(z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lower-case letters, digits and hyphens').refine((p) => !/aws|amazon|cognito/.test(p), 'Cognito refuses prefixes containing aws, amazon or cognito')),
    mailFrom: optional(z.email()),
    sesIdentity: optional(z.union([z.email(), hostname])),
    smsOriginationNumber: optional(z.string().regex(/^\+[1-9]\d{6,14}$/, 'an E.164 number such as +18005550100')),
    smsSenderId: optional(z.string().regex(/^[A-Za-z0-9]{1,11}$/, 'up to 11 letters or digits')),
    logRetentionDays: z.coerce
      .number()
      .refine((d) => (Object.values(RetentionDays) as unknown[]).includes(d), 'one of the retention periods CloudWatch Logs offers (1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365 ...)')
      .default(30),
    apiRateLimit: rateLimit(DEFAULT_API_RATE_LIMIT),
    signInRateLimit: rateLimit(DEFAULT_SIGN_IN_RATE_LIMIT),
    mfa: z.enum(['optional', 'required'], 'optional or required').default('optional'),
    alarmEmail: optional(z.email()),
    monthlyBudget: z.coerce.number().int('whole US dollars').min(1, 'at least 1 (US dollars a month)').max(1_000_000).default(DEFAULT_MONTHLY_BUDGET),
    tracing: z.enum(['off', 'on'], 'off or on').default('off'),
    originVerifyVersion: optional(z.string().regex(/^[A-Za-z0-9-]{32,64}$/, 'a Secrets Manager version id (the VersionId put-secret-value printed)')),
    smsReplyTopicArn: optional(snsTopicArn),
    mailEventsTopicArn: optional(snsTopicArn),
    feedbackUrl: optional(z.url({ protocol: /^https$/, error: 'an https:// address of the feedback form' })),
  })
  .refine((s) => !s.appDomain || s.certificateArn || s.appDomain.endsWith('.cloudfront.net'), {
    message: 'a custom appDomain needs certificateArn; without a certificate, appDomain must be the CloudFront domain printed by the first deploy',
    path: ['certificateArn'],
  });

export interface FormationSettings {
  /** Stack-name prefix; two conferences can share an account with different names. */
  name: string;
  /** The public origin of the SPA and API, e.g. https://formation.example.org. */
  appUrl: string;
  appDomain: string;
  /** Present when appDomain is a custom domain served by CloudFront with this certificate. */
  certificateArn?: string;
  /** Unset: the CDK app derives `<name>-<account id>`, unique per account. */
  cognitoDomainPrefix?: string;
  mailFrom: string;
  /** The verified SES identity that covers mailFrom: its domain unless set to the address. */
  sesIdentity: string;
  smsOriginationNumber?: string;
  smsSenderId?: string;
  logRetentionDays: RetentionDays;
  /** Requests to /api/* one client IP may make in five minutes before AWS WAF blocks it. */
  apiRateLimit: number;
  /** The same for the public sign-in routes (/api/security/*): far fewer are ever needed. */
  signInRateLimit: number;
  /** optional: people may add an authenticator app; required: everyone must (Cognito asks at first sign-in). */
  mfa: 'optional' | 'required';
  /** Receives every alarm and the budget notices; unset: alarms show in CloudWatch only. */
  alarmEmail?: string;
  /** The monthly cost budget, in US dollars: AWS Budgets notifies the alarms topic at 80% spent and at 100% forecast. */
  monthlyBudget: number;
  /** X-Ray active tracing of every function, and bundles built with the Powertools Tracer (bin/build-functions.ts `tracing`). */
  tracing: boolean;
  /** The origin secret's version CloudFront sends (a rotation's last step); unset: its current version at the last deploy. */
  originVerifyVersion?: string;
  /** The SNS topics whose signed messages the webhooks accept: inbound SMS, SES bounces and complaints. Unset: none accepted. */
  smsReplyTopicArn?: string;
  mailEventsTopicArn?: string;
  /** The external feedback form the shell links to; unset: no link. */
  feedbackUrl?: string;
  /** Things that still need a conference's attention; shown as synth warnings. */
  warnings: string[];
}

/**
 * Reads and validates every setting; `lookup` returns the CDK context value of a key, if any.
 * When the CDK knows the account (CDK_DEFAULT_ACCOUNT, set by the CLI from your AWS profile) the
 * synth is headed for a deploy: a missing mailFrom then fails it, since the Auth stack cannot be
 * created with the placeholder sender. Offline (no account) it is only a warning.
 */
export function readSettings(lookup: (key: SettingName) => unknown, env: NodeJS.ProcessEnv = process.env): FormationSettings {
  const raw = Object.fromEntries(
    (Object.keys(SETTING_SOURCES) as SettingName[]).map((key) => {
      const value = lookup(key) ?? env[SETTING_SOURCES[key]];
      return [key, value === '' ? undefined : value];
    }),
  );
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid deployment settings (see docs/deploy.md):\n${problems}`);
  }
  const s = parsed.data;
  if (!s.mailFrom && env.CDK_DEFAULT_ACCOUNT) {
    throw new Error(`Invalid deployment settings (see docs/deploy.md):\n  mailFrom: required to deploy to account ${env.CDK_DEFAULT_ACCOUNT} (-c mailFrom=<an address of a verified SES identity> or MAIL_FROM)`);
  }
  const warnings: string[] = [];
  if (!s.appDomain) warnings.push(`appDomain is not set: sign-in and links use ${PLACEHOLDER_APP_DOMAIN} until you deploy again with -c appDomain=<your domain or the CloudFront domain in the outputs>.`);
  if (!s.mailFrom) warnings.push(`mailFrom is not set: email is sent as ${PLACEHOLDER_MAIL_FROM}, which SES will refuse. Set a verified address.`);
  const appDomain = s.appDomain ?? PLACEHOLDER_APP_DOMAIN;
  const mailFrom = s.mailFrom ?? PLACEHOLDER_MAIL_FROM;
  return {
    name: s.name,
    appDomain,
    appUrl: `https://${appDomain}`,
    certificateArn: s.certificateArn,
    cognitoDomainPrefix: s.cognitoDomainPrefix,
    mailFrom,
    sesIdentity: s.sesIdentity ?? mailFrom.split('@')[1],
    smsOriginationNumber: s.smsOriginationNumber,
    smsSenderId: s.smsSenderId,
    logRetentionDays: s.logRetentionDays as RetentionDays,
    apiRateLimit: s.apiRateLimit,
    signInRateLimit: s.signInRateLimit,
    mfa: s.mfa,
    alarmEmail: s.alarmEmail,
    monthlyBudget: s.monthlyBudget,
    tracing: s.tracing === 'on',
    originVerifyVersion: s.originVerifyVersion,
    smsReplyTopicArn: s.smsReplyTopicArn,
    mailEventsTopicArn: s.mailEventsTopicArn,
    feedbackUrl: s.feedbackUrl,
    warnings,
  };
}
