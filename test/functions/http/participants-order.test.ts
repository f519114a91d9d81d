import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { putEnrolment } from '../../support/enrolments';

/**
 * A district admin's first page merges one keyed list per district (read to `limit + 1`) and later
 * pages come from the enrolments' lists: both in the keys' order, so paging shows each enrolment once.
 */
let districtAdmin: string;
let track: string;
const LAST_NAMES = ['Aaron', 'Bee', '~Tilde', 'Émile'];

beforeAll(async () => {
  await seedDemo();
  districtAdmin = await cookieFor('district.admin@example.org');
  track = `porder-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId: track, name: 'Order', description: 'Order', conferenceId: ids.conference1, disabled: false, status: 'active' }).go();
  for (const lastName of LAST_NAMES) {
    const participantId = await putTestUser({ firstName: 'Pat', lastName, locationId: ids.district1 });
    await putEnrolment({ trackTemplateId: track, participantId, districtId: ids.district1 });
  }
});

describe("paging through a district admin's participants", () => {
  it('shows every enrolment exactly once', async () => {
    const shown: string[] = [];
    for (let offset = 0; offset < 20; offset += 2) {
      const res = await invoke(tracks, `/api/track/${track}/true/instances`, { method: 'POST', cookie: districtAdmin, body: { limit: 2, offset } });
      expect(res.status).toBe(200);
      const found = res.body as ParticipantPage;
      shown.push(...found.data.map((row) => row.participant.lastName));
      if (found.count <= offset + 2) break;
    }
    expect(shown.slice().sort()).toEqual(LAST_NAMES.slice().sort());
  });
});
