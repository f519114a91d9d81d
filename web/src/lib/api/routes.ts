import type { Contract } from '@shared/api/contract';
import table from 'virtual:api-routes';

/** A route as the browser knows it: id, method and path, typed by its contract (no schemas at runtime). */
export type RouteRef<C extends Contract> = Pick<C, 'id' | 'method' | 'path'> & { readonly __contract?: C };

/** `route<typeof currentUser>('user.current')`, with `import type { currentUser } from '@shared/api/user'`. */
export function route<C extends Contract>(id: string): RouteRef<C> {
  const found = (table as Record<string, RouteRef<C>>)[id];
  if (!found) throw new Error(`Unknown API route ${id}`);
  return found;
}
