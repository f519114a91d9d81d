import { config } from '../../../functions/lib/config';
import { assertThroughOrigin } from '../../../functions/lib/http/request-guards';
import { SECRET_REFRESH_MS, forgetSecrets, loadSecrets, secretSeams, secretValues, type SecretReader } from '../../../functions/lib/secrets';

const ARNS = {
  COOKIE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Formation-Api/cookie-secret-AbCdEf',
  ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Formation-Api/origin-verify-GhIjKl',
  UNSUBSCRIBE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Formation-Api/unsubscribe-secret-MnOpQr',
};
const original = { ...secretSeams };
/** What Secrets Manager holds, per ARN and stage; every read is recorded. */
let store: Record<string, { AWSCURRENT?: string; AWSPREVIOUS?: string }>;
let reads: string[];
let clock: number;

beforeEach(() => {
  forgetSecrets();
  reads = [];
  clock = 1_000_000;
  store = {
    [ARNS.COOKIE_SECRET_ARN]: { AWSCURRENT: 'c'.repeat(48) },
    [ARNS.ORIGIN_VERIFY_SECRET_ARN]: { AWSCURRENT: 'origin-new', AWSPREVIOUS: 'origin-old' },
    [ARNS.UNSUBSCRIBE_SECRET_ARN]: { AWSCURRENT: 'u'.repeat(48) },
  };
  const read: SecretReader = async (arn, stage) => {
    reads.push(`${arn.split(':').pop()} ${stage}`);
    return store[arn]?.[stage];
  };
  Object.assign(secretSeams, { read, now: () => clock });
  for (const [name, value] of Object.entries(ARNS)) vi.stubEnv(name, value);
  for (const name of ['COOKIE_SECRET', 'ORIGIN_VERIFY_SECRET', 'UNSUBSCRIBE_SECRET']) vi.stubEnv(name, '');
});
afterEach(() => {
  Object.assign(secretSeams, original);
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  forgetSecrets();
});

describe('secrets in AWS (an ARN per secret)', () => {
  it('are read once per cold start, the origin secret with its previous value, and not before loadSecrets', async () => {
    expect(() => config.cookieSecret).toThrow(/not read yet/);
    await loadSecrets();
    expect(reads.sort()).toEqual([
      'Formation-Api/cookie-secret-AbCdEf AWSCURRENT',
      'Formation-Api/origin-verify-GhIjKl AWSCURRENT',
      'Formation-Api/origin-verify-GhIjKl AWSPREVIOUS',
      'Formation-Api/unsubscribe-secret-MnOpQr AWSCURRENT',
    ]);
    expect(config.cookieSecret).toBe('c'.repeat(48));
    expect(config.unsubscribeSecret).toBe('u'.repeat(48));
    expect(config.originVerifySecrets).toEqual(['origin-new', 'origin-old']);

    reads = [];
    clock += SECRET_REFRESH_MS - 1;
    await Promise.all([loadSecrets(), loadSecrets()]);
    expect(reads).toEqual([]);
  });

  it('are read again once five minutes old, so a value put in Secrets Manager arrives without a deploy', async () => {
    await loadSecrets();
    store[ARNS.COOKIE_SECRET_ARN] = { AWSCURRENT: 'd'.repeat(48), AWSPREVIOUS: 'c'.repeat(48) };
    clock += SECRET_REFRESH_MS;
    reads = [];
    // Requests handled side by side share the one read.
    await Promise.all([loadSecrets(), loadSecrets(), loadSecrets()]);
    expect(reads.filter((r) => r.includes('cookie'))).toEqual(['Formation-Api/cookie-secret-AbCdEf AWSCURRENT']);
    expect(config.cookieSecret).toBe('d'.repeat(48));
  });

  it('keep the value read before when a refresh fails; a failed first read fails the request', async () => {
    const working = secretSeams.read;
    secretSeams.read = async () => {
      throw new Error('Secrets Manager unreachable');
    };
    await expect(loadSecrets()).rejects.toThrow(/unreachable/);

    secretSeams.read = working;
    await loadSecrets();
    secretSeams.read = async () => {
      throw new Error('Secrets Manager unreachable');
    };
    clock += SECRET_REFRESH_MS;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadSecrets();
    expect(config.cookieSecret).toBe('c'.repeat(48));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('secret refresh failed'));
    warn.mockRestore();
  });

  it('accept the current and the previous origin value during a rotation, and nothing else', async () => {
    await loadSecrets();
    expect(() => assertThroughOrigin({ 'x-origin-verify': 'origin-new' }, config.originVerifySecrets)).not.toThrow();
    expect(() => assertThroughOrigin({ 'x-origin-verify': 'origin-old' }, config.originVerifySecrets)).not.toThrow();
    expect(() => assertThroughOrigin({ 'x-origin-verify': 'origin-older' }, config.originVerifySecrets)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertThroughOrigin({}, config.originVerifySecrets)).toThrow(expect.objectContaining({ status: 403 }));

    // Once the previous label is removed, the old value is refused (after the next refresh).
    store[ARNS.ORIGIN_VERIFY_SECRET_ARN] = { AWSCURRENT: 'origin-new' };
    clock += SECRET_REFRESH_MS;
    await loadSecrets();
    expect(config.originVerifySecrets).toEqual(['origin-new']);
    expect(() => assertThroughOrigin({ 'x-origin-verify': 'origin-old' }, config.originVerifySecrets)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('are read through the Lambda extension\'s local endpoint with the function\'s session token', async () => {
    Object.assign(secretSeams, original);
    vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
    const calls: Array<{ url: string; token: string | null }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, token: new Headers(init.headers).get('X-Aws-Parameters-Secrets-Token') });
      if (url.includes('AWSPREVIOUS')) return new Response('ResourceNotFoundException: no such version', { status: 400 });
      return Response.json({ SecretString: 'x'.repeat(40) });
    });
    await loadSecrets();
    expect(config.originVerifySecrets).toEqual(['x'.repeat(40)]);
    expect(calls).toHaveLength(4);
    for (const call of calls) expect(call.token).toBe('session-token');
    expect(calls.map((c) => c.url)).toContain(`http://localhost:2773/secretsmanager/get?secretId=${encodeURIComponent(ARNS.COOKIE_SECRET_ARN)}&versionStage=AWSCURRENT`);
  });
});

describe('secrets off AWS (no ARN)', () => {
  it('come from the settings themselves, as the local runtime sets them, with nothing to read', async () => {
    for (const name of Object.keys(ARNS)) vi.stubEnv(name, '');
    vi.stubEnv('COOKIE_SECRET', 'k'.repeat(32));
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'edge-secret');
    await loadSecrets();
    expect(reads).toEqual([]);
    expect(config.cookieSecret).toBe('k'.repeat(32));
    expect(config.originVerifySecrets).toEqual(['edge-secret']);
    expect(secretValues('unsubscribe')).toEqual({ current: undefined });
    expect(config.unsubscribeSecret).toBe('local-unsubscribe-secret-not-for-any-deployment');
  });
});
