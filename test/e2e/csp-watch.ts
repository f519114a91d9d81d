import type { BrowserContext } from '@playwright/test';

/** One `securitypolicyviolation` event, as the page reported it. */
export interface CspViolation {
  directive: string;
  blocked: string;
  /** Where the blocked code or load came from (file:line:column), when the browser knows. */
  source: string;
  /** `enforce`, or `report` for a Report-Only policy. */
  disposition: string;
  page: string;
}

const BINDING = '__formationCspViolation';
const watched = new WeakSet<BrowserContext>();

/** Runs in every frame of every page before the page's own scripts, so nothing the page does is missed. */
function listen(binding: string): void {
  const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[binding];
  window.addEventListener(
    'securitypolicyviolation',
    (event) =>
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '',
        disposition: event.disposition,
        page: event.documentURI,
      }),
    true,
  );
}

/**
 * Collects every CSP violation in the context's pages into `into`. The browser raises
 * the event even when the page catches the error (zod's `new Function` probe does), which a
 * console or page-error listener would miss.
 */
export async function watchCsp(context: BrowserContext, into: CspViolation[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => void into.push(violation));
  await context.addInitScript(listen, BINDING);
}

export function describeViolation(violation: CspViolation): string {
  return `${violation.disposition} ${violation.directive} blocked ${violation.blocked || '(inline)'} at ${violation.source || '?'} on ${violation.page}`;
}
