import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';

/**
 * A track whose conference changed while people were enrolled: since session 23 a move needs no
 * enrolments (tracks.test.ts), but tables written before may hold such tracks. Their participants
 * table keeps listing them through the keyed lists (first name, email, later pages) as it does on
 * its first page. The enrolments here are written straight to the table, so the count that now
 * locks the conference does not see them.
 */
let superadmin: string;
let track: string;
const rows: string[] = [];

beforeAll(async () => {
  await seedDemo();
  superadmin = await cookieFor('superadmin@example.org');
  const created = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie: superadmin, body: { name: 'Moving With People', description: 'Moves', conferenceId: ids.conference1 } });
  expect(created.status).toBe(201);
  track = created.body.id;
  for (const [firstName, lastName] of [['Mona', 'Aardvark'], ['Milo', 'Badger']]) {
    const participantId = await putTestUser({ firstName, lastName, locationId: ids.district1 });
    rows.push(await putEnrolment({ trackTemplateId: track, participantId, districtId: ids.district1 }));
  }
  const read = await invoke(tracks, `/api/track/track-template/${track}`, { cookie: superadmin });
  const moved = await invoke(tracks, `/api/track/update-track-template/${track}`, { method: 'PATCH', cookie: superadmin, body: { version: read.body.version, conferenceId: ids.conference2 } });
  expect(moved.status).toBe(200);
});

const ids_ = async (body: Record<string, unknown>) => {
  const res = await invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie: superadmin, body: { limit: 1, offset: 0, ...body } });
  expect(res.status).toBe(200);
  return (res.body as ParticipantPage).data.map((row) => row.id);
};

describe('the participants table of a track moved to another conference', () => {
  it('lists its enrolments on the first page, by first name, by email and on a later page', async () => {
    expect(await ids_({})).toEqual([rows[0]]);
    expect(await ids_({ where: { firstName: 'mil' } })).toEqual([rows[1]]);
    expect(await ids_({ where: { email: 'mona' } })).toEqual([rows[0]]);
    expect(await ids_({ offset: 1 })).toEqual([rows[1]]);
  });
});
