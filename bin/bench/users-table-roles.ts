import { userApi } from '../../shared/api/user';
import type { Contract } from '../../shared/api/contract';
import { AS } from './accounts';
import type { BenchCase } from './bench-case';

/**
 * The users table's first page (SPEC.md section 2: no filter, 10 rows, as the page opens) as every
 * demo role that can open the table, through both of its routes: ARCHITECTURE.md section 12 allows a
 * call at most 3 reads. `npm run bench` reports it per role (./run.ts), `npm run bench -- --scale
 * large` at demo and large scale (./scale-cases.ts); test/functions/http/users-table.test.ts fails
 * above the budget. The participant is refused (403): the page is not theirs to open.
 */
export const READ_BUDGET = 3;

/** The demo accounts whose roles read users somewhere (Bishop and District Superintendent have no demo account). */
export const USERS_TABLE_OPENERS = [AS.superadmin, AS.conferenceAdmin, AS.districtAdmin, AS.advisor, AS.mentor, AS.interviewer] as const;

export interface FirstPageRoute {
  name: string;
  contract: Contract;
  bench: Omit<BenchCase, 'as'>;
}

export const USERS_TABLE_FIRST_PAGES: FirstPageRoute[] = [
  {
    name: 'users first page (get-users-by-current-user)',
    contract: userApi.getUsersByCurrentUser,
    bench: { method: 'POST', path: '/api/user/get-users-by-current-user', body: { conditions: {}, limit: 10, offset: 0 } },
  },
  { name: 'users first page (quickSearch)', contract: userApi.quickSearch, bench: { path: '/api/user/quickSearch', query: 'limit=10&offset=0' } },
];

/** The reads of a counted call: its requests less the rate limit's counter write, when the route has one. */
export function readsOf(contract: Contract, dynamoRequests: number): number {
  return dynamoRequests - (contract.rateLimit ? 1 : 0);
}

/** The demo account's role, for the report. */
export function roleOf(email: string): string {
  return Object.entries(AS).find(([, address]) => address === email)?.[0] ?? email;
}
