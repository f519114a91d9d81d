import { PARTICIPANT_FILTER_READS_MAX, PARTICIPANT_FILTER_ROWS_PER_READ } from '../../../shared/api/limits';
import { db } from '../../db/service';
import { OVERDUE_BUCKET } from '../step-indexes/reminder-index';

/**
 * The enrolments of a track with an Overdue step: the reminders' sparse index (`stepInstance`
 * gsi2 `byReminder`, bucket `overdue`, every Overdue step of an Open enrolment) filtered by the
 * track, read like the table's other unkeyed filters: PARTICIPANT_FILTER_ROWS_PER_READ rows a
 * request for at most PARTICIPANT_FILTER_READS_MAX requests (`partial` when that bound stopped it).
 */
export async function overdueInstanceIds(trackTemplateId: string): Promise<{ ids: Set<string>; partial: boolean }> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  for (let read = 0; read < PARTICIPANT_FILTER_READS_MAX; read++) {
    const page: { data: Array<{ trackInstanceId?: string }>; cursor: string | null } = await db()
      .entities.stepInstance.query.byReminder({ remindBucket: OVERDUE_BUCKET })
      .where((attr, op) => op.eq(attr.trackTemplateId, trackTemplateId))
      .go({ limit: PARTICIPANT_FILTER_ROWS_PER_READ, cursor, attributes: ['trackInstanceId'] });
    for (const step of page.data) if (step.trackInstanceId) ids.add(step.trackInstanceId);
    cursor = page.cursor;
    if (!cursor) return { ids, partial: false };
  }
  return { ids, partial: true };
}
