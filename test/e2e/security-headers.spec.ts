import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { signIn } from './support';
import { contentSecurityPolicy, securityHeaders } from '../../infra/security-headers';

/** The headers CloudFront's policy sends, with the local S3 stand-in in place of the bucket's hosts and over http. */
function expectedHeaders(): Record<string, string> {
  const uploadOrigins = [new URL(process.env.E2E_UPLOADS_URL!).origin];
  return Object.fromEntries(securityHeaders({ uploadOrigins, https: false }).map(({ name, value }) => [name, value]));
}

function securityHeadersOf(headers: Record<string, string>): Record<string, string> {
  const names = ['strict-transport-security', 'content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];
  return Object.fromEntries(names.filter((name) => name in headers).map((name) => [name, headers[name]]));
}

test('the SPA, its fallback and /api answer with the production security headers, the local uploads origin in the CSP', async ({ request }) => {
  const index = await request.get('/');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
  expect(entry).toBeDefined();
  for (const path of ['/', '/tracks/01HZXAAAAAAAAAAAAAAAAAAAAA/steps', entry!, '/favicon.svg', '/api/app/health', '/api/no-such-service']) {
    const response = await request.get(path);
    expect(securityHeadersOf(response.headers()), path).toEqual(expectedHeaders());
  }

  const csp = (await request.get('/')).headers()['content-security-policy'];
  const uploads = new URL(process.env.E2E_UPLOADS_URL!).origin;
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain(`connect-src 'self' ${uploads};`);
  expect(csp).toContain(`img-src 'self' data: blob: ${uploads};`);
  expect(csp).toContain("frame-ancestors 'none'");
  // Production's policy, but for the origins and what only means something over https.
  expect(contentSecurityPolicy({ uploadOrigins: ['https://uploads.example'], https: true })).toBe(
    `${csp.replaceAll(uploads, 'https://uploads.example')}; upgrade-insecure-requests`,
  );
});

test('an API page that sends its own stricter CSP keeps it, as CloudFront keeps the origin\'s', async ({ request }) => {
  const response = await request.get('/api/notification/unsubscribe?token=not-a-token');
  expect(response.status()).toBe(400);
  expect(response.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  expect(response.headers()['x-frame-options']).toBe('DENY');
});

test('a page that breaks the CSP is caught: the check around every test sees the violation', async ({ page, cspViolations }) => {
  // A page of the app (the sign-in page is the provider's, which CloudFront does not serve).
  await signIn(page, 'participant@example.org');
  cspViolations.length = 0; // only the script below counts here
  // An inline script, as an injected one would be: the policy blocks it and the check must see it.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.inlineRan = "yes"';
    document.head.append(script);
    return document.body.dataset.inlineRan === 'yes';
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.map((violation) => `${violation.directive} ${violation.blocked}`)).toEqual(['script-src-elem inline']);
  cspViolations.length = 0; // seen, so this test passes
});

test('every spec runs under the CSP check (takes `test` from ./fixtures)', () => {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const direct = readdirSync(dir).filter((file) => file.endsWith('.spec.ts') && /from '@playwright\/test'/.test(readFileSync(`${dir}${file}`, 'utf8')));
  expect(direct).toEqual([]);
});
