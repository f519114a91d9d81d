import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { reminderFields } from '../../../functions/core/step-indexes/reminder-index';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';

/**
 * The participants table's overdue filter (`where.overdue`, `?overdue=1` on the page): where the
 * escalation digest's "and N more" leads. Only enrolments with an Overdue step, still only those
 * the caller may see.
 */
const DUE = '2031-02-01T09:00:00.000Z';
let track: string;
const rows: Record<string, string> = {};

const page = (cookie: string, where: Record<string, unknown>) =>
  invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie, body: { limit: 10, offset: 0, where } });
const rowIds = async (cookie: string, where: Record<string, unknown> = { overdue: true }) => ((await page(cookie, where)).body as ParticipantPage).data.map((row) => row.id).sort();

async function stepOf(trackInstanceId: string, status: 'Overdue' | 'Ready') {
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go();
  await db()
    .entities.stepInstance.put({ trackInstanceId, stepInstanceId: `overdue-step-${newId().toLowerCase()}`, trackTemplateId: track, phaseId: 'p', stepTemplateId: 's', participantId: instance!.participantId, status, dueAt: DUE, ...reminderFields(status, DUE, DUE) })
    .go();
}

beforeAll(async () => {
  await seedDemo();
  track = `overdue-track-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId: track, name: 'Overdue filter', description: 'Overdue', conferenceId: ids.conference1, disabled: false, status: 'active' }).go();
  const enrol = async (name: string, districtId: string) => putEnrolment({ trackTemplateId: track, participantId: await putTestUser({ firstName: name, lastName: 'Late', locationId: districtId }), districtId });
  rows.foothillsLate = await enrol('Fay', ids.district1);
  rows.lakesideLate = await enrol('Lou', ids.district2);
  rows.foothillsOnTime = await enrol('Otto', ids.district1);
  await stepOf(rows.foothillsLate, 'Overdue');
  await stepOf(rows.lakesideLate, 'Overdue');
  await stepOf(rows.foothillsOnTime, 'Ready');
});

describe('the participants table, overdue only', () => {
  it("keeps the enrolments with an Overdue step, among those the caller sees", async () => {
    const conferenceAdmin = await cookieFor('conference.admin@example.org');
    expect(await rowIds(conferenceAdmin, {})).toEqual([rows.foothillsLate, rows.lakesideLate, rows.foothillsOnTime].sort());
    expect(await rowIds(conferenceAdmin)).toEqual([rows.foothillsLate, rows.lakesideLate].sort());
    expect(await rowIds(conferenceAdmin, { overdue: true, firstName: 'lo' })).toEqual([rows.lakesideLate]);
    // A district admin: their district's only.
    expect(await rowIds(await cookieFor('district.admin@example.org'))).toEqual([rows.foothillsLate]);
    // Someone assigned to none of them: nothing.
    expect(await rowIds(await cookieFor('advisor@example.org'))).toEqual([]);
  });

  it('refuses a filter other than true', async () => {
    const res = await page(await cookieFor('conference.admin@example.org'), { overdue: false });
    expect(res.status).toBe(400);
  });
});
