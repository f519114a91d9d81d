import { PARTIAL_PARTICIPANTS_MESSAGE, type ParticipantFilter } from '../../../../shared/schemas/participants';
import { participantsPage } from '../../participants/participants-table';
import { requireTrack } from '../../tracks/track-scope';
import { fileStem } from '../../../lib/tabular/render';
import { offsetOf, utcText, type TableSource } from './source';

export interface ParticipantsExportSpec {
  source: 'participants';
  trackTemplateId: string;
  where?: ParticipantFilter;
}

const names = (people: Array<{ firstName: string; lastName: string }>) => people.map((person) => `${person.firstName} ${person.lastName}`).join(', ');

/**
 * The participants table (functions/core/participants/participants-table.ts): its read, page after
 * page, so an advisor exports the enrolments they are assigned to and their own, a district admin
 * their districts', an administrator all (less denied districts), with the table's filters.
 */
export const participantsSource: TableSource<ParticipantsExportSpec> = {
  sheetName: 'Participants',
  columns: ['Status', 'First Name', 'Last Name', 'Email', 'Advisors', 'Interviewers', 'Assigned Date'],
  partialNote: PARTIAL_PARTICIPANTS_MESSAGE,
  stem: (spec) => fileStem('participants', spec.trackTemplateId),
  title: () => 'Exporting participants',
  allowed: async (auth, spec) => {
    await requireTrack(auth, spec.trackTemplateId, 'read');
  },
  page: async (auth, spec, cursor, take) => {
    const offset = offsetOf(cursor);
    const page = await participantsPage(auth, spec.trackTemplateId, { limit: take, offset, where: spec.where });
    const rows = page.data.map((row) => [row.status, row.participant.firstName, row.participant.lastName, row.participant.email, names(row.advisors), names(row.interviewers), utcText(row.createdAt)]);
    // The table's `count` is exact up to the page plus one while rows follow; a page's rows may be fewer than `take` (rows the caller may not see are dropped), so the next page starts `take` further.
    return { rows, next: page.count > offset + page.data.length ? { offset: offset + take } : null, partial: page.partial };
  },
};
