import type { Plugin } from 'vite';
import { api } from '../shared/api';

const ID = 'virtual:api-routes';
const RESOLVED = '\0' + ID;

/** The route table the browser gets: service -> operation -> { id, method, path }, nothing else. */
export function routeTable(): Record<string, Record<string, { id: string; method: string; path: string }>> {
  return Object.fromEntries(
    Object.entries(api).map(([service, contracts]) => [
      service,
      Object.fromEntries(Object.entries(contracts).map(([key, c]) => [key, { id: c.id, method: c.method, path: c.path }])),
    ]),
  );
}

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
      return `export default ${JSON.stringify(routeTable())};`;
    },
  };
}
