import { randomBytes } from 'node:crypto';
import { createLocalOidcProvider } from '../../bin/local/oidc';
import { freePort } from '../../bin/local/ports';
import { startAppServer } from '../../bin/local/server';
import { ProcessSettings } from '../../bin/local/settings';
import { TestBrowser } from './test-browser';

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
 * Starts sign-in with `login?<query>`, signs in on the provider's page and returns the
 * provider's redirect back to the app (the callback URL), without opening it.
 */
export async function reachCallback(browser: TestBrowser, account: { email: string; password: string }, loginQuery = ''): Promise<string> {
  const authorize = await browser.redirectTarget(`/api/security/login${loginQuery ? `?${loginQuery}` : ''}`);
  const signInPage = await browser.followWhile(authorize, (url) => !url.pathname.startsWith('/oidc/interaction/'));
  const afterLogin = await browser.redirectTarget(`${signInPage}/login`, { method: 'POST', form: account });
  return browser.followWhile(afterLogin, (url) => url.pathname !== '/api/security/authenticate');
}
