import { firstScreenJs } from './bench/first-screen';

/**
 * `npm test`'s budget check on the built web app (ARCHITECTURE.md section 12): the JavaScript of
 * the first screen stays within 170 KB gzipped. Sizes, not timings: a build either fits or not.
 */
const BUDGET_BYTES = 170 * 1000;
const screen = firstScreenJs();
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(`First screen JavaScript: ${kb(screen.gzipBytes)} gzipped in ${screen.files.join(', ')} (budget ${kb(BUDGET_BYTES)})`);
if (screen.gzipBytes > BUDGET_BYTES) {
  console.error('Over budget: load what the first screen does not need lazily (see docs/benchmarks.md, "First screen").');
  process.exit(1);
}
