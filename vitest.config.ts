import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { apiRoutesPlugin } from './web/api-routes-plugin';
import { fileURLToPath } from 'node:url';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
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
          testTimeout: 20_000,
          hookTimeout: 60_000,
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
        },
      },
    ],
  },
});
