import type { WaitingPage, WaitingQuery } from '../../../shared/schemas/dashboard';
import type { AuthContext } from '../session/resolve-session';
import { requireDashboardScope } from './dashboard-access';
import { readNames } from './dashboard-names';
import { readWaiting } from './stuck-read';
import { dayBefore } from './tally-metrics';

/**
 * The waiting list behind a dashboard's figures (shared/schemas/dashboard.ts `waitingPageSchema`):
 * the same place, access and hidden places as the dashboard, its `stuck` list read from the cursor
 * with the filter ("waiting more than N days" as the figures count it: since a day before today
 * less N), and the names shown. A page costs what the dashboard's "Who is stuck" costs.
 */
export async function readWaitingPage(auth: AuthContext, scopeId: string, query: WaitingQuery, now = new Date()): Promise<WaitingPage> {
  const { scope, hiddenScopeIds } = await requireDashboardScope(auth, scopeId);
  const sinceBefore = query.olderThanDays ? dayBefore(now, query.olderThanDays) : undefined;
  const page = await readWaiting(scope.id, hiddenScopeIds, { status: query.status, userId: query.userId, sinceBefore, after: query.cursor });
  const names = await readNames({ stuckRows: page.rows, personIds: query.userId ? [query.userId] : [] });
  return {
    scope,
    ...(query.userId && { person: { id: query.userId, name: names.personName(query.userId) } }),
    data: page.rows.map(names.stuckView),
    cursor: page.cursor,
  };
}
