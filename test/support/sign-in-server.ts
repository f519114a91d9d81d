import { randomBytes } from 'node:crypto';
import { createLocalOidcProvider } from '../../bin/local/oidc';
import { freePort } from '../../bin/local/ports';
import { startAppServer } from '../../bin/local/server';
import { ProcessSettings } from '../../bin/local/settings';
import { TestBrowser } from './test-browser';
import { totpCode } from '../../functions/core/identity/totp';

/**
 * The app's origin with the real sign-in stack for integration tests: the embedded OpenID
 * provider at /oidc and the API at /api (the same local server `npm start` runs), on a
 * free loopback port, against this test file's table.
 */
export async function startSignInServer() {
  const settings = new ProcessSettings();
  const port = await freePort();
  const appUrl = settings.set('APP_URL', `http://127.0.0.1:${port}`);
  settings.set('COOKIE_SECRET', randomBytes(32).toString('base64url'));
  const oidc = await createLocalOidcProvider({ appUrl });
  settings.set('OIDC_ISSUER', oidc.issuer);
  settings.set('OIDC_CLIENT_ID', oidc.clientId);
  settings.set('OIDC_CLIENT_SECRET', oidc.clientSecret);
  settings.set('IDENTITY_ADAPTER', 'local');
  const server = await startAppServer({ port, host: '127.0.0.1', dev: false, oidc });
  return {
    appUrl,
    browser: () => new TestBrowser(appUrl),
    async stop() {
      await server.stop();
      settings.restore();
    },
  };
}

/**
 * Starts sign-in with `login?<query>`, signs in on the provider's page (and, for an account
 * with an authenticator app, on its code page with a code computed from `totpSecret`) and
 * returns the provider's redirect back to the app (the callback URL), without opening it.
 */
export async function reachCallback(browser: TestBrowser, account: { email: string; password: string; totpSecret?: string }, loginQuery = ''): Promise<string> {
  const authorize = await browser.redirectTarget(`/api/security/login${loginQuery ? `?${loginQuery}` : ''}`);
  const signInPage = await browser.followWhile(authorize, (url) => !url.pathname.startsWith('/oidc/interaction/'));
  const credentials = { email: account.email, password: account.password };
  const afterLogin = account.totpSecret
    ? await passCodePage(browser, signInPage, credentials, account.totpSecret)
    : await browser.redirectTarget(`${signInPage}/login`, { method: 'POST', form: credentials });
  return browser.followWhile(afterLogin, (url) => url.pathname !== '/api/security/authenticate');
}

async function passCodePage(browser: TestBrowser, signInPage: string, credentials: { email: string; password: string }, totpSecret: string): Promise<string> {
  const codePage = await browser.request(`${signInPage}/login`, { method: 'POST', form: credentials });
  if (codePage.status !== 200 || !(await codePage.text()).includes('Authenticator code')) throw new Error(`Expected the code page, got ${codePage.status}`);
  return browser.redirectTarget(`${signInPage}/code`, { method: 'POST', form: { code: totpCode(totpSecret) } });
}
