import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** The audit trail's readers (rows in authorization-matrix.audit-expected.ts): a person's History, the target's conference page and its export. */
export const AUDIT_CALLS: Record<string, CallBuilder> = {
  'audit.history': (t) => ({ path: `/api/audit/history/User/${t.userId}` }),
  'audit.organisation': (t) => ({ path: '/api/audit/organisation', query: `scopeId=${t.chain.Conference}` }),
  'audit.organisationCsv': (t) => ({ path: '/api/audit/organisation/csv', query: `scopeId=${t.chain.Conference}` }),
  'audit.readLog': (t) => ({ path: `/api/audit/read-log/${t.userId}` }),
};
