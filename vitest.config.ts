import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { apiRoutesPlugin } from './web/api-routes-plugin';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

// Stated, not left to the default: on two cores Vitest 4 ran every file one after another.
// Integration workers each get their own DynamoDB Local (test/support/integration-global-setup.ts).
const workers = Math.max(2, availableParallelism());
process.env.INTEGRATION_DYNAMO_INSTANCES ??= String(workers);

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    maxWorkers: workers,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          globals: true,
          environment: 'node',
          include: ['test/shared/**/*.test.ts', 'test/functions/**/*.unit.test.ts', 'test/bin/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          globals: true,
          environment: 'node',
          include: ['test/functions/**/*.test.ts'],
          exclude: ['test/functions/**/*.unit.test.ts'],
          globalSetup: ['test/support/integration-global-setup.ts'],
          setupFiles: ['test/support/integration-setup.ts'],
          // Generous: on a loaded two-core machine DynamoDB Local answers slowly (CI saw a 555-enrolment
          // fixture take over 120 s), and a test that times out leaves its work running into the next
          // one. A hang still fails; a slow machine does not.
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        plugins: [react(), apiRoutesPlugin()],
        resolve: { alias },
        test: {
          name: 'web',
          globals: true,
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/web-setup.ts'],
          // jsdom renders slowly on a busy two-core machine: the page tests that type through a dialog
          // take about 12 s alone and more than 20 s beside other work. Files keep this default.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          globals: true,
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          // Building every bundle takes minutes beside other work.
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
