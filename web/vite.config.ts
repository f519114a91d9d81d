import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiRoutesPlugin } from './api-routes-plugin';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), apiRoutesPlugin()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // Keep the framework in one long-cached chunk; feature pages load on demand.
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'framework' : undefined),
      },
    },
  },
  server: { port: 5173 },
});
