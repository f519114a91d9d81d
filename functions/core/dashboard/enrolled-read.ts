import type { EnrolledPage, EnrolledQuery } from '../../../shared/schemas/dashboard';
import { directoryLists } from '../../db/directory';
import type { AuthContext } from '../session/resolve-session';
import { requireDashboardScope } from './dashboard-access';
import { readNames } from './dashboard-names';
import type { EnrolledDisplay } from './enrolled-entries';
import { readPlaceList } from './place-list-read';

/** `YYYY-MM` of the month after one. */
function monthAfter(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * The enrolments behind a dashboard's enrolment, phase or month figure (shared/schemas/dashboard.ts
 * `enrolledPageSchema`): the same place, access and hidden places as the dashboard, the place's
 * `placeEnrolments[:<status>]` or `phaseEnrolments:<track>:<phase>` list read from the cursor, a
 * month as a key range (./place-list-read.ts), and the names shown: at most three Queries and one BatchGet per kind of
 * name, at any number of enrolments.
 */
export async function readEnrolledPage(auth: AuthContext, scopeId: string, query: EnrolledQuery): Promise<EnrolledPage> {
  const { scope, hiddenScopeIds } = await requireDashboardScope(auth, scopeId);
  const byPhase = query.trackTemplateId && query.phaseId ? { trackTemplateId: query.trackTemplateId, phaseId: query.phaseId } : undefined;
  const list = byPhase ? directoryLists.phaseEnrolments(byPhase.trackTemplateId, byPhase.phaseId) : directoryLists.placeEnrolments(query.status);
  const month = query.month && !byPhase ? { from: query.month, before: monthAfter(query.month) } : {};
  const page = await readPlaceList<EnrolledDisplay>({ scopeId: scope.id, list, hiddenScopeIds, after: query.cursor, ...month });
  // Names come from the rows shown only: a track or phase with nobody of the place in it is named to nobody.
  const names = await readNames({
    trackIds: page.rows.map((row) => row.trackTemplateId),
    phaseKeys: page.rows.flatMap((row) => (row.phaseId ? [{ trackTemplateId: row.trackTemplateId, phaseId: row.phaseId }] : [])),
    personIds: page.rows.map((row) => row.participantId),
  });
  const phaseOf = (phaseId: string) => ({ id: phaseId, name: names.phase(phaseId)?.name ?? 'Unknown phase' });
  const named = byPhase && page.rows.length > 0;
  return {
    scope,
    ...(named && { track: { id: byPhase.trackTemplateId, name: names.trackName(byPhase.trackTemplateId) ?? 'Unknown track' }, phase: phaseOf(byPhase.phaseId) }),
    data: page.rows.map((row) => ({
      trackInstanceId: row.trackInstanceId,
      trackTemplateId: row.trackTemplateId,
      trackName: names.trackName(row.trackTemplateId) ?? 'Unknown track',
      participant: { id: row.participantId, name: names.personName(row.participantId) },
      status: row.status as EnrolledPage['data'][number]['status'],
      enrolledAt: row.enrolledAt,
      ...(row.endedAt && { endedAt: row.endedAt }),
      ...(row.phaseId && { phase: phaseOf(row.phaseId) }),
    })),
    cursor: page.cursor,
  };
}
