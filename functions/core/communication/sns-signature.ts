import { X509Certificate, createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import * as z from 'zod';
import { config } from '../../lib/config';
import { ForbiddenError, UNSIGNED_MESSAGE } from '../../lib/errors';
import { log } from '../../lib/log';

/**
 * Checks that a webhook's body is an Amazon SNS message, signed by SNS, from the topic the
 * route expects (ARCHITECTURE.md section 8; docs/security.md "Provider webhooks"). Anything
 * else is a 403 that says no more than that.
 */
export { UNSIGNED_MESSAGE };

const text = (max: number) => z.string().min(1).max(max);
export const snsMessageSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: text(100),
  TopicArn: text(256),
  Subject: z.string().max(100).optional(),
  Message: text(150_000),
  Timestamp: text(40),
  SignatureVersion: z.enum(['1', '2']),
  Signature: text(1024),
  SigningCertURL: text(512),
  SubscribeURL: z.string().max(1024).optional(),
  Token: z.string().max(1024).optional(),
  UnsubscribeURL: z.string().max(1024).optional(),
});
export type SnsMessage = z.infer<typeof snsMessageSchema>;

/**
 * SNS signs these fields, in this order, each as "name\nvalue\n" (Subject only when present).
 * https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message-verify-message-signature.html
 */
export function canonicalSnsString(message: Omit<SnsMessage, 'Signature' | 'SignatureVersion' | 'SigningCertURL'>): string {
  const fields =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
}

/** SNS signing certificates are served over HTTPS from sns.<region>.amazonaws.com (or .amazonaws.com.cn), and nowhere else. */
const AWS_CERT_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
const AWS_CERT_PATH = /^\/SimpleNotificationService-[A-Za-z0-9]+\.pem$/;
/** The SigningCertURL of the local runtime's simulated messages; it names a key only the local configuration holds. */
export const LOCAL_SIGNING_CERT_URL = 'local:formation-sns-signing-key';

/** An HTTPS address on an SNS endpoint (default port, no credentials). */
export function isSnsEndpoint(url: URL): boolean {
  return url.protocol === 'https:' && AWS_CERT_HOST.test(url.hostname) && url.port === '' && !url.username && !url.password;
}

export function isAwsCertUrl(address: string): boolean {
  try {
    const url = new URL(address);
    return isSnsEndpoint(url) && AWS_CERT_PATH.test(url.pathname) && !url.search;
  } catch {
    return false;
  }
}

const CERT_MAX_BYTES = 16 * 1024;
/** Certificates fetched by this Lambda instance, by URL (SNS rotates them rarely). */
const certificates = new Map<string, KeyObject>();

export const snsSeams = {
  /** The certificate's PEM text; tests replace it to serve a certificate of their own. */
  fetchCertificate: async (url: string): Promise<string> => {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`certificate fetch answered ${response.status}`);
    const body = await response.text();
    if (body.length > CERT_MAX_BYTES) throw new Error('certificate too large');
    return body;
  },
};

async function signingKey(certUrl: string): Promise<KeyObject | undefined> {
  if (certUrl === LOCAL_SIGNING_CERT_URL) {
    const local = config.localSnsSigningKey; // undefined in AWS, always
    return local ? createPublicKey(local) : undefined;
  }
  if (!isAwsCertUrl(certUrl)) return undefined;
  const cached = certificates.get(certUrl);
  if (cached) return cached;
  const certificate = new X509Certificate(await snsSeams.fetchCertificate(certUrl));
  const now = Date.now();
  if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now) return undefined;
  certificates.set(certUrl, certificate.publicKey);
  return certificate.publicKey;
}

/**
 * How old a message may be: SNS's HTTP delivery retries end within an hour even under the
 * longest delivery policy, so anything older is a replay of a captured message. Clocks may
 * differ a little, so a message may also be a few minutes "from the future".
 */
export const SNS_MAX_AGE_MS = 60 * 60 * 1000;
const SNS_MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export function isFreshSnsTimestamp(timestamp: string, now = Date.now()): boolean {
  const sent = Date.parse(timestamp);
  return Number.isFinite(sent) && sent <= now + SNS_MAX_CLOCK_SKEW_MS && now - sent <= SNS_MAX_AGE_MS;
}

/** True when the message's signature verifies against its (allow-listed) signing key. */
async function signatureHolds(message: SnsMessage): Promise<boolean> {
  const key = await signingKey(message.SigningCertURL);
  if (!key) return false;
  const verifier = createVerify(message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  verifier.update(canonicalSnsString(message), 'utf8');
  return verifier.verify(key, message.Signature, 'base64');
}

/**
 * The body as a verified SNS message of `topicArn`, or a 403. An unset topic (AWS without
 * the setting) accepts nothing.
 */
export async function verifiedSnsMessage(body: unknown, topicArn: string | undefined, route: string): Promise<SnsMessage> {
  const parsed = snsMessageSchema.safeParse(body);
  let reason: string | undefined;
  if (!parsed.success) reason = 'not an SNS message';
  else if (!topicArn || parsed.data.TopicArn !== topicArn) reason = 'unexpected topic';
  else if (!isFreshSnsTimestamp(parsed.data.Timestamp)) reason = 'too old or from the future';
  else {
    try {
      if (!(await signatureHolds(parsed.data))) reason = 'signature does not verify';
    } catch (error) {
      reason = `signature not checked: ${String((error as Error).message ?? error).slice(0, 200)}`;
    }
  }
  if (reason || !parsed.success) {
    log('warn', 'webhook message refused', { route, reason });
    throw new ForbiddenError(UNSIGNED_MESSAGE);
  }
  return parsed.data;
}
