import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { newId } from '../../../functions/db/ids';
import { parallelWriter } from '../../../functions/db/seed/large-writer';
import { enrolmentTableItems } from '../../../functions/db/seed/large-enrolments';
import { requestCounter } from '../../../functions/db/client';
import type { ParticipantPage } from '../../../shared/schemas/participants';
import { seedDemo } from '../../support/demo-table';
import { cookieFor, demoUser } from '../../support/session';
import { page, trackIn } from './participants-lists-fixtures';

/**
 * The participants table's keyed lists (SPEC.md section 2: "filterable by status, first name, last
 * name and email and paged on the server with the same cost at 10,000 enrolments as at 10"): the
 * first-name and email filters, alone and with a status, and a deep page cost the same requests
 * and read units at two track sizes. The enrolments are written with their entries, as their
 * projector leaves them, into a table without a stream (nothing here waits for derived work;
 * participants-lists-follow.test.ts checks that the lists follow changes).
 */
let conferenceAdmin: string;

beforeAll(async () => {
  await seedDemo();
  conferenceAdmin = await cookieFor('conference.admin@example.org');
});

describe('the first-name and email filters and a deep page cost the same at any track size', () => {
  // Ids of one length, so the same rows weigh the same in every track.
  const sizes = { small: 5, medium: 150, large: 300 } as const;
  const trackIds = { small: '', medium: '', large: '' };
  // Three participants named Quinn (the filters' matches) in every track; everyone else a name no filter here matches.
  const nameOf = (n: number) => ({ firstName: n < 3 ? 'Quinn' : `Pat${String(n).padStart(4, '0')}`, lastName: `Lee${String(n).padStart(4, '0')}` });

  beforeAll(async () => {
    const advisor = demoUser('advisor@example.org');
    const writer = parallelWriter({ concurrency: 8 });
    for (const size of Object.keys(sizes) as Array<keyof typeof sizes>) {
      trackIds[size] = await trackIn(ids.conference1, `Lists ${size}`, `plist-${size.padEnd(6, '-')}-${newId().toLowerCase()}`);
      await writer.put(
        enrolmentTableItems({
          trackTemplateId: trackIds[size],
          trackName: 'Lists',
          conferenceId: ids.conference1,
          districtId: ids.district1,
          count: sizes[size],
          advisors: [{ userId: advisor.id, firstName: advisor.firstName, lastName: advisor.lastName, email: advisor.email }],
          nameOf,
        }),
      );
    }
    await writer.flush();
  });

  async function measure(trackTemplateId: string, body: Record<string, unknown>, cookie = conferenceAdmin) {
    await page(cookie, trackTemplateId, body); // warm: role cache
    requestCounter.reset();
    const res = await page(cookie, trackTemplateId, body);
    expect(res.status).toBe(200);
    const found = res.body as ParticipantPage;
    return { names: found.data.map((row) => `${row.participant.firstName} ${row.participant.lastName}`), count: found.count, partial: found.partial, counted: requestCounter.snapshot() };
  }

  const filters: Array<[string, Record<string, unknown>, string[]]> = [
    ['first name', { where: { firstName: 'qu' } }, ['Quinn Lee0000', 'Quinn Lee0001', 'Quinn Lee0002']],
    ['email', { where: { email: 'QUINN' } }, ['Quinn Lee0000', 'Quinn Lee0001', 'Quinn Lee0002']],
    // Enrolment 0 is not Open (every fifth has another status).
    ['status and email', { where: { status: 'Open', email: 'quinn' } }, ['Quinn Lee0001', 'Quinn Lee0002']],
    ['status and first name', { where: { status: 'Open', firstName: 'quinn' } }, ['Quinn Lee0001', 'Quinn Lee0002']],
  ];
  for (const [label, body, expected] of filters) {
    it(`${label}: the same rows, requests and read units at ${sizes.small} and ${sizes.medium} enrolments`, async () => {
      const small = await measure(trackIds.small, body);
      const medium = await measure(trackIds.medium, body);
      expect(small.names).toEqual(expected);
      expect(medium.names).toEqual(expected);
      expect({ ...medium, names: undefined }).toEqual({ ...small, names: undefined });
    });
  }

  it(`a deep page: the same requests and read units at ${sizes.medium} and ${sizes.large} enrolments, and the rows before it cost their small entries`, async () => {
    const deep = { offset: 120, limit: 25 };
    const medium = await measure(trackIds.medium, deep);
    const large = await measure(trackIds.large, deep);
    expect(medium.names[0]).toBe('Pat0120 Lee0120');
    expect(large.names).toEqual(medium.names);
    expect(medium.count).toBe(146);
    expect(large.counted).toEqual(medium.counted);
    const first = await measure(trackIds.large, { offset: 0, limit: 25 });
    // The rows before the page cost their entries (about 0.05 units each here); before, the 120
    // instances were read whole (names, an advisor's copy, five keys: about 0.25 units each).
    expect(large.counted.readCapacity - first.counted.readCapacity).toBeLessThan(120 * 0.1);
  });

  it('a deep page with a status, and a district admin’s deep and first-name pages, cost the same at both sizes', async () => {
    const districtAdmin = await cookieFor('district.admin@example.org');
    for (const [body, cookie] of [
      [{ offset: 90, limit: 25, where: { status: 'Open' } }, conferenceAdmin],
      [{ offset: 120, limit: 25 }, districtAdmin],
      [{ where: { firstName: 'qu' } }, districtAdmin],
      [{ where: { status: 'Open', email: 'quinn' } }, districtAdmin],
    ] as const) {
      const medium = await measure(trackIds.medium, body, cookie);
      const large = await measure(trackIds.large, body, cookie);
      expect(large.names.length).toBeGreaterThan(0);
      expect(large.names).toEqual(medium.names);
      expect(large.counted).toEqual(medium.counted);
    }
  });

  it('two text filters together (no key serves both): the second is tested on the entries, within a bound', async () => {
    const both = await measure(trackIds.large, { where: { firstName: 'qu', lastName: 'lee0001' } });
    expect(both.names).toEqual(['Quinn Lee0001']);
    expect(both.partial).toBe(false);
  });
});
