import { AUDIT_CSV_ROWS_MAX } from '../../../../shared/schemas/audit';
import { requireEnrolmentHistoryReader } from '../../audit-pages/enrolment-history-access';
import { chainEntries } from '../../audit-pages/audit-read';
import { readLogEntries } from '../../read-log/read-log-read';
import type { AuthContext } from '../../session/resolve-session';
import { panel } from './export-panel';

/**
 * What was recorded about a person, in their data export (issue 25, item 4; docs/security.md "Data
 * export"): their record's History and their read-access log, which the app shows only to their
 * administrators, go into the archive of a superadmin's export and of the person's own (what is
 * held about someone and who received it is theirs to ask for). One exception, for the person's
 * own: the entries about comments on them, whose text they never read either. Each list holds the
 * newest RECORDS_MAX entries and says whether there were more.
 */
const RECORDS_MAX = AUDIT_CSV_ROWS_MAX;

export async function gatherRecords(auth: AuthContext, userId: string): Promise<Record<string, unknown>> {
  const [history, reads] = await Promise.all([chainEntries('User', userId, RECORDS_MAX), readLogEntries(userId, RECORDS_MAX)]);
  const entries = userId === auth.userId ? history.entries.filter((entry) => entry.kind !== 'comments') : history.entries;
  return {
    history: { about: 'Changes made to this person’s record, newest first.', entries, complete: history.complete },
    readAccess: { about: 'Who opened this person’s confidential material, newest first.', entries: reads.entries, complete: reads.complete },
  };
}

/** An enrolment's History, for a requester who may read it as the History tab allows (null: not theirs to read, the participant's own included). */
export async function enrolmentHistory(auth: AuthContext, trackInstanceId: string): Promise<{ entries: unknown[]; complete: boolean } | null> {
  return panel(
    async () => {
      await requireEnrolmentHistoryReader(auth, trackInstanceId);
      return chainEntries('TrackInstance', trackInstanceId, RECORDS_MAX);
    },
    'history',
    [],
  );
}
