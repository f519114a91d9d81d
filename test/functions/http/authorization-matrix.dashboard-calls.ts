import type { MatrixCall } from './authorization-matrix.calls';
import type { Target } from './authorization-matrix.fixtures';

/** The dashboard (rows in authorization-matrix.dashboard-expected.ts): the target's district. */
export const DASHBOARD_CALLS: Record<string, (target: Target) => MatrixCall> = {
  'conference.dashboard': (t) => ({ path: `/api/conference/dashboard/${t.chain.District}` }),
  'conference.dashboardWaiting': (t) => ({ path: `/api/conference/dashboard/${t.chain.District}/waiting`, query: 'status=Ready&olderThanDays=7' }),
  'conference.dashboardEnrolments': (t) => ({ path: `/api/conference/dashboard/${t.chain.District}/enrolments`, query: 'status=Open' }),
};
