import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on rendered markup and fails with a readable list of violations.
 * `color-contrast` is off because jsdom does not compute styles or layout, so axe cannot
 * measure colours there; contrast is checked in the browser by the Playwright axe suite.
 * Call it with real timers (axe schedules its own work).
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const report = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(report).toEqual([]);
}
