import { test as base, expect } from '@playwright/test';
import { describeViolation, watchCsp, type CspViolation } from './csp-watch';

export * from '@playwright/test';

/**
 * Playwright's `test` with one check around every test: no page may violate the
 * Content-Security-Policy the local runtime serves (production's, infra/security-headers.ts).
 * Every spec takes `test` from here (security-headers.spec.ts checks that they do).
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: CspViolation[] = [];
      // Stories with several people open their own contexts with browser.newContext(): watch those too.
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        await watchCsp(context, violations);
        return context;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations.map(describeViolation), 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // The default context may be made before the patch above is in place; watching twice is a no-op.
  context: async ({ context, cspViolations }, use) => {
    await watchCsp(context, cspViolations);
    await use(context);
  },
});
