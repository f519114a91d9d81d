import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeAppPath } from '../../../functions/core/session/safe-redirect';
import { assertConfigured, config } from '../../../functions/lib/config';
import { sessionCookie, signInCookie } from '../../../functions/lib/http/cookies';
import { assertJsonBody, assertSameOrigin, assertThroughOrigin } from '../../../functions/lib/http/request-guards';
import { requestMetrics } from '../../../functions/lib/http/request-metrics';
import { securityEvent } from '../../../functions/lib/security-event';
import { runWithRequestContext } from '../../../functions/lib/request-context';

const APP = 'https://formation.example.org';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('safeAppPath', () => {
  it.each([
    ['/tracks', '/tracks'],
    ['/users/1?tab=a#top', '/users/1?tab=a#top'],
    ['/a/../b', '/b'],
  ])('keeps the app path %s', (given, kept) => expect(safeAppPath(given, APP)).toBe(kept));

  it.each([
    '/\t/evil.example',
    '/\r\n/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    '/\\evil.example',
    '/x\\..\\..\\evil.example',
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'tracks',
    '',
    undefined,
    `/${'a'.repeat(2048)}`,
  ])('sends %j to /', (given) => expect(safeAppPath(given, APP)).toBe('/'));
});

describe('request guards', () => {
  it('origin secret: constant-time compare, 403 on missing or wrong, nothing to check when unset', () => {
    expect(() => assertThroughOrigin({}, undefined)).not.toThrow();
    expect(() => assertThroughOrigin({}, 'secret')).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertThroughOrigin({ 'x-origin-verify': 'secreT' }, 'secret')).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertThroughOrigin({ 'x-origin-verify': 'secret' }, 'secret')).not.toThrow();
  });

  it('same origin: checks unsafe methods only, Origin first, then Sec-Fetch-Site', () => {
    expect(() => assertSameOrigin('GET', { origin: 'https://evil.example' }, APP)).not.toThrow();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(() => assertSameOrigin(method, { origin: 'https://evil.example' }, APP)).toThrow(expect.objectContaining({ status: 403 }));
    }
    expect(() => assertSameOrigin('POST', { origin: `${APP}.evil.example` }, APP)).toThrow();
    expect(() => assertSameOrigin('POST', { origin: APP, 'sec-fetch-site': 'cross-site' }, APP)).not.toThrow();
    expect(() => assertSameOrigin('POST', { 'sec-fetch-site': 'none' }, APP)).toThrow();
    expect(() => assertSameOrigin('POST', {}, APP)).not.toThrow();
  });

  it('JSON bodies only', () => {
    expect(() => assertJsonBody({}, false)).not.toThrow();
    expect(() => assertJsonBody({}, true)).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => assertJsonBody({ 'content-type': 'multipart/form-data; boundary=x' }, true)).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => assertJsonBody({ 'content-type': 'Application/JSON; charset=utf-8' }, true)).not.toThrow();
  });
});

describe('cookies', () => {
  it('over https the session cookie is __Host- prefixed, Secure, Path=/ and has no Domain', () => {
    vi.stubEnv('APP_URL', APP);
    const cookie = sessionCookie('token', 60);
    expect(cookie).toMatch(/^__Host-fm_session=token; /);
    expect(cookie).toContain('; Secure');
    expect(cookie).toContain('Path=/;');
    expect(cookie).not.toMatch(/domain=/i);
    expect(signInCookie('state', 'sealed', 600)).toMatch(/^__Secure-fm_signin_[\w-]{16}=sealed; Path=\/api\/security\/authenticate; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/);
  });

  it('drops Secure and the prefix only for plain-http localhost', () => {
    vi.stubEnv('APP_URL', 'http://localhost:3000');
    expect(sessionCookie('t', 60)).toBe('fm_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=60');
    vi.stubEnv('APP_URL', 'http://formation.example.org');
    expect(sessionCookie('t', 60)).toMatch(/^__Host-fm_session=t; .*; Secure$/);
  });
});

describe('config', () => {
  it('in a Lambda, a missing required setting fails at start instead of using a local default', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'formation-user');
    for (const name of ['TABLE_NAME', 'APP_URL', 'UPLOADS_BUCKET', 'MAIL_FROM']) vi.stubEnv(name, '');
    vi.stubEnv('OIDC_ISSUER', 'https://issuer.example');
    vi.stubEnv('OIDC_CLIENT_ID', 'client');
    vi.stubEnv('COOKIE_SECRET', 'x'.repeat(32));
    expect(() => assertConfigured()).toThrow('Missing setting TABLE_NAME');
    vi.stubEnv('TABLE_NAME', 'formation');
    expect(() => config.appUrl).toThrow('Missing setting APP_URL');
  });

  it('off AWS the local defaults stay; a short cookie secret or a bad idle timeout is refused', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    vi.stubEnv('TABLE_NAME', '');
    expect(config.tableName).toBe('formation');
    expect(config.sessionIdleHours).toBe(8);
    vi.stubEnv('SESSION_IDLE_HOURS', '0');
    expect(() => config.sessionIdleHours).toThrow('SESSION_IDLE_HOURS');
    vi.stubEnv('COOKIE_SECRET', 'short');
    expect(() => config.cookieSecret).toThrow('at least 32');
  });
});

describe('security log and metrics', () => {
  it('a security event is one JSON line with the request id, user, route and outcome, and nothing more', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    runWithRequestContext({ requestId: 'req-1', method: 'POST', route: 'role.update', userId: 'user-1' }, () =>
      securityEvent('role.changed', { outcome: 'success', targetUserId: 'user-2', roleId: 'role-9' }),
    );
    const entry = JSON.parse(lines.join(''));
    expect(entry).toMatchObject({
      level: 'INFO',
      message: 'security event',
      event: 'role.changed',
      requestId: 'req-1',
      route: 'role.update',
      method: 'POST',
      userId: 'user-1',
      outcome: 'success',
      targetUserId: 'user-2',
      roleId: 'role-9',
    });
  });

  it('prints nothing under LOG_LEVEL=silent', () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    securityEvent('sign-in.failed', { outcome: 'failure', reason: 'state-mismatch' });
    expect(write).not.toHaveBeenCalled();
  });

  it('request metrics: requests, 4xx, 5xx and latency per service, the route a property and not a dimension (CloudWatch EMF)', () => {
    const emf = requestMetrics({ service: 'user', route: 'user.current', status: 403, ms: 42 }).serializeMetrics();
    const [directive] = emf._aws.CloudWatchMetrics;
    expect(directive.Namespace).toBe('FormationTracks');
    expect(directive.Dimensions).toEqual([['service']]);
    expect(directive.Metrics.map((m) => m.Name).sort()).toEqual(['Latency', 'Requests', 'Status4xx', 'Status5xx']);
    expect(emf).toMatchObject({ service: 'user', route: 'user.current', Requests: 1, Status4xx: 1, Status5xx: 0, Latency: 42 });
  });
});
