import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { AS, demoUserId } from './accounts';
import type { BenchCase } from './bench-case';
import { underRateLimit } from './fixtures';

/**
 * The audit trail's readers (issue 25). A History page is one Query of the record's chain after
 * the access check (the person's aggregate: one Query); the organisation page one Query of the
 * scope's index after the conference's GetItem. Their cost is the page's, whatever the trail's
 * length. What an audited write adds (one put in its transaction) shows in the write cases
 * (`user.addTag` and the others): their transaction's item count and write units include it.
 */
const participant = demoUserId(AS.participant);

export const AUDIT_CASES: Record<string, BenchCase> = {
  'audit.history': { as: AS.conferenceAdmin, path: `/api/audit/history/User/${participant}`, query: 'limit=25', singleItem: true },
  'audit.organisation': { as: AS.conferenceAdmin, path: '/api/audit/organisation', query: `scopeId=${DEMO_LOCATION_IDS.conference1}&limit=25` },
  // Rate limited (20 an hour): the calls the limit leaves.
  'audit.organisationCsv': underRateLimit('auditExport', { as: AS.conferenceAdmin, path: '/api/audit/organisation/csv', query: `scopeId=${DEMO_LOCATION_IDS.conference1}` }),
};
