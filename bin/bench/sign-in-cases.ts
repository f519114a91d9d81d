import { RATE_LIMITS } from '../../shared/api/rate-limits';
import { DEMO_PASSWORD } from '../../functions/db/seed/demo-people';
import { reachCallback } from '../../test/support/sign-in-server';
import { TestBrowser } from '../../test/support/test-browser';
import { AS } from './accounts';
import { benchCase, type BenchCase } from './bench-case';

/**
 * The sign-in callback (`GET security/authenticate`): the provider's redirect back to the app with a
 * fresh authorization code. Each call gets its own: `prepare` signs the demo participant in on the
 * local provider's page (as Playwright does, through the test suite's cookie-jar browser), stopping at
 * the redirect to the callback; the call then opens it with that browser's sign-in cookie. Each call
 * opens a session. Fewer calls than the callback's per-IP limit, which counts every call of the run.
 */
const CALLS = Math.floor(RATE_LIMITS.signInCallback.limit / 2) - 10;

interface Callback {
  query: string;
  cookie: string;
}

export const SIGN_IN_CASES: Record<string, BenchCase> = {
  'security.authenticate': benchCase<Callback[]>({
    path: '/api/security/authenticate',
    calls: CALLS,
    concurrency: 1,
    prepare: async (ctx, calls) => {
      const callbacks: Callback[] = [];
      for (let call = 0; call < calls; call += 1) {
        const browser = new TestBrowser(ctx.url);
        const url = new URL(await reachCallback(browser, { email: AS.participant, password: DEMO_PASSWORD }, 'redirect-uri=%2Ftracks'));
        callbacks.push({ query: url.search.slice(1), cookie: browser.cookieHeader(url) });
      }
      return callbacks;
    },
    each: (call, callbacks) => ({ query: callbacks[call].query, headers: { cookie: callbacks[call].cookie } }),
  }),
};
