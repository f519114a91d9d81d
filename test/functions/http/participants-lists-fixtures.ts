import { handler as tracks } from '../../../functions/http/track/handler';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import { invoke } from '../../support/invoke';

/** The participants table's lists, shared by participants-lists*.test.ts: a track of the test's own and its pages. */
export async function trackIn(conferenceId: string, name: string, id = `plist-${newId().toLowerCase()}`): Promise<string> {
  await db().entities.trackTemplate.create({ trackTemplateId: id, name, description: 'Participants lists', conferenceId, disabled: false, status: 'active' }).go();
  return id;
}

export const page = (cookie: string, trackTemplateId: string, body: Record<string, unknown> = {}) =>
  invoke(tracks, `/api/track/${trackTemplateId}/true/instances`, { method: 'POST', cookie, body: { limit: 10, offset: 0, ...body } });

export const rowIds = async (cookie: string, trackTemplateId: string, body: Record<string, unknown> = {}) =>
  ((await page(cookie, trackTemplateId, body)).body as ParticipantPage).data.map((row) => row.id);
