import type { Plugin } from 'vite';
import { contracts } from '../shared/api';

const ID = 'virtual:api-routes';
const RESOLVED = '\0' + ID;

/**
 * The browser needs only each route's id, method and path; the zod schemas stay on the server
 * (they would add ~60 KB gzipped to the first screen). This plugin turns the contracts into
 * a plain table at build time; the web app takes its types from the contracts with type-only imports.
 */
export function apiRoutesPlugin(): Plugin {
  return {
    name: 'api-routes',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const table = Object.fromEntries(contracts.map((c) => [c.id, { id: c.id, method: c.method, path: c.path }]));
      return `export default ${JSON.stringify(table)};`;
    },
  };
}
