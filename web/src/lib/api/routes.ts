import type { Api } from '@shared/api';
import type { Contract } from '@shared/api/contract';
import table from 'virtual:api-routes';

/** A route as the browser knows it: id, method and path, typed by its contract (no schemas at runtime). */
export type RouteRef<C extends Contract> = Pick<C, 'id' | 'method' | 'path'> & { readonly __contract?: C };

export type RouteTable = {
  readonly [S in keyof Api]: { readonly [K in keyof Api[S]]: Api[S][K] extends Contract ? RouteRef<Api[S][K]> : never };
};

/**
 * Every route by service and operation, as `shared/api` groups the contracts:
 * `call(routes.role.create, { body })` is typed by the role service's `create` contract.
 * The table itself is plain data built from the contracts at build time (web/api-routes-plugin.ts).
 */
export const routes = table as unknown as RouteTable;
