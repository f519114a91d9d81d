/**
 * The functions' secrets, decided in one place. In AWS each one's setting names a Secrets Manager
 * secret (`COOKIE_SECRET_ARN` ...): its value is read at the first request of a cold start and
 * again once it is SECRET_REFRESH_MS old, so a value put in Secrets Manager reaches every function
 * within minutes, without a deploy (docs/deploy.md, "Secrets"). Without the ARN (the local runtime,
 * tests) the setting itself holds the value (`COOKIE_SECRET` ...), as before.
 *
 * Reads go through the AWS Parameters and Secrets Lambda extension (a layer the API stack adds): a
 * local HTTP call that signs with the function's role, so no Secrets Manager client is bundled.
 */
export const SECRET_SETTINGS = {
  cookie: 'COOKIE_SECRET',
  originVerify: 'ORIGIN_VERIFY_SECRET',
  unsubscribe: 'UNSUBSCRIBE_SECRET',
} as const;
export type SecretName = keyof typeof SECRET_SETTINGS;

/** The environment variable that names a secret's ARN in AWS. */
export const secretArnSetting = (name: SecretName) => `${SECRET_SETTINGS[name]}_ARN`;

/** How long a read value is used before it is read again. */
export const SECRET_REFRESH_MS = 5 * 60_000;

/**
 * Secrets whose previous value (Secrets Manager's AWSPREVIOUS) is still accepted: the origin
 * secret, so CloudFront may send the old value while a rotation reaches it.
 */
const KEEPS_PREVIOUS: ReadonlySet<SecretName> = new Set(['originVerify']);

export interface SecretValues {
  current?: string;
  previous?: string;
}

/** One read of a secret's stage; undefined when the secret has no version in that stage. */
export type SecretReader = (arn: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS') => Promise<string | undefined>;

/** Reads through the extension's local endpoint (its port and token are Lambda's). */
const extensionReader: SecretReader = async (arn, stage) => {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || '2773';
  const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}&versionStage=${stage}`;
  const response = await fetch(url, { headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' } });
  if (response.ok) return ((await response.json()) as { SecretString?: string }).SecretString;
  const text = await response.text();
  // A secret that never rotated has no AWSPREVIOUS: Secrets Manager answers ResourceNotFound.
  if (stage === 'AWSPREVIOUS' && /ResourceNotFound/i.test(text)) return undefined;
  throw new Error(`Secrets Manager read of ${stage} failed (${response.status}): ${text.slice(0, 200)}`);
};

/** Replaced by tests; the extension in a Lambda. */
export const secretSeams: { read: SecretReader; now: () => number } = { read: extensionReader, now: () => Date.now() };

const held = new Map<SecretName, SecretValues & { readAt: number }>();
let loading: Promise<void> | undefined;

const arnOf = (name: SecretName) => process.env[secretArnSetting(name)] || undefined;

/** Whether the secret is configured at all (an ARN, or its value): a cold start checks this before any read. */
export function secretConfigured(name: SecretName): boolean {
  return Boolean(arnOf(name) || process.env[SECRET_SETTINGS[name]]);
}

async function readOne(name: SecretName, arn: string): Promise<void> {
  const [current, previous] = await Promise.all([secretSeams.read(arn, 'AWSCURRENT'), KEEPS_PREVIOUS.has(name) ? secretSeams.read(arn, 'AWSPREVIOUS') : undefined]);
  if (!current) throw new Error(`Secret ${SECRET_SETTINGS[name]} has no current value`);
  held.set(name, { current, previous, readAt: secretSeams.now() });
}

/**
 * Reads every secret that has an ARN and no fresh value; awaited before a request or a batch is
 * handled. A failed refresh keeps the value already held (an outage of Secrets Manager does not
 * take the API down with it); a failed first read fails the invocation.
 */
export async function loadSecrets(): Promise<void> {
  const stale = (Object.keys(SECRET_SETTINGS) as SecretName[]).flatMap((name) => {
    const arn = arnOf(name);
    const value = held.get(name);
    return arn && (!value || secretSeams.now() - value.readAt >= SECRET_REFRESH_MS) ? [{ name, arn, value }] : [];
  });
  if (!stale.length) return;
  // Requests handled side by side share one read.
  loading ??= Promise.all(
    stale.map(async ({ name, arn, value }) => {
      try {
        await readOne(name, arn);
      } catch (error) {
        if (!value) throw error;
        console.warn(JSON.stringify({ level: 'WARN', message: 'secret refresh failed; keeping the value read before', secret: SECRET_SETTINGS[name], error: String(error) }));
      }
    }),
  )
    .then(() => undefined)
    .finally(() => {
      loading = undefined;
    });
  await loading;
}

/** The secret's values now: read from Secrets Manager (loadSecrets first) when it has an ARN, else its setting. */
export function secretValues(name: SecretName): SecretValues {
  if (!arnOf(name)) return { current: process.env[SECRET_SETTINGS[name]] || undefined };
  const value = held.get(name);
  if (!value) throw new Error(`Secret ${SECRET_SETTINGS[name]} was not read yet: loadSecrets() must run before the handler`);
  return { current: value.current, previous: value.previous };
}

/** Forgets every value read (tests). */
export function forgetSecrets(): void {
  held.clear();
}
