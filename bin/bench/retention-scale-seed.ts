import { db } from '../../functions/db/service';
import { LARGE_SIZES, seedLarge, type LargeSizes } from '../../functions/db/seed/large';
import { largeOrganisation } from '../../functions/db/seed/large-organisation';
import { demoLocationItems } from '../../functions/db/seed/demo-organisation';
import { forEachConcurrently } from '../../functions/lib/concurrency';
import { putClosedEnrolment, putRetentionTrack } from '../../test/support/retention-enrolments';
import { putTestUser } from '../../test/support/test-users';

/**
 * What bin/bench/retention-scale.ts purges: the large seed's organisation without its people
 * and churches (the job walks conferences; the 55 are what a day with nothing due costs), then
 * per conference a track and a participant, `n` withdrawn enrolments spread over them, and the
 * ones a run must keep: enrolments under a legal hold, two of a held person, completed ones.
 */
const demoChurches = demoLocationItems().filter((location) => location.kind === 'Church').length;
/** Users 0: no generated people (the demo's stay). */
const SIZES: LargeSizes = { ...LARGE_SIZES, churches: demoChurches, users: 0 };
const HELD_ENROLMENTS = 4;
const COMPLETED = 5;
/** Writes in flight while seeding: DynamoDB Local on a busy two-core machine. */
const IN_FLIGHT = 6;

export interface RetentionScaleSeed {
  conferences: number;
  /** Withdrawn, nothing holds them: the run purges these. */
  purgeable: string[];
  /** Withdrawn under a hold (on the enrolment or its participant): kept. */
  held: string[];
  /** Completed: their 50-year period has not run out. */
  completed: string[];
}

interface Place {
  conferenceId: string;
  districtId: string;
  trackTemplateId: string;
  participantId: string;
}

async function organisation(): Promise<Array<Omit<Place, 'trackTemplateId' | 'participantId'>>> {
  await seedLarge({ sizes: SIZES, track: false, concurrency: 4 });
  const { districts, generated } = largeOrganisation(SIZES);
  const conferences = [...demoLocationItems(), ...generated].filter((location) => location.kind === 'Conference');
  return conferences.map(({ locationId }) => ({ conferenceId: locationId, districtId: districts.find((district) => district.ancestors.conferenceId === locationId)!.locationId }));
}

async function placeWithPeople(place: Omit<Place, 'trackTemplateId' | 'participantId'>, name: string): Promise<Place> {
  const trackTemplateId = await putRetentionTrack(place.conferenceId);
  const participantId = await putTestUser({ firstName: 'Retention', lastName: name, locationId: place.districtId });
  return { ...place, trackTemplateId, participantId };
}

async function hold(recordKind: 'User' | 'TrackInstance', recordId: string, conferenceId: string): Promise<void> {
  await db().entities.legalHold.put({ recordKind, recordId, conferenceId, subject: 'Held record', reason: 'Litigation', active: true, placedBy: 'retention-scale', placedAt: new Date().toISOString(), version: 1 }).go();
}

export async function seedRetentionScale(n: number): Promise<RetentionScaleSeed> {
  const bare = await organisation();
  const places: Place[] = [];
  await forEachConcurrently(bare, async (place) => void places.push(await placeWithPeople(place, place.conferenceId)), IN_FLIGHT);
  const enrol = (place: Place, status: 'Withdrawn' | 'Completed') => putClosedEnrolment({ ...place, status });

  const purgeable: string[] = [];
  await forEachConcurrently(Array.from({ length: n }, (_, i) => places[i % places.length]), async (place) => void purgeable.push(await enrol(place, 'Withdrawn')), IN_FLIGHT);

  const held: string[] = [];
  for (let i = 0; i < HELD_ENROLMENTS; i++) {
    const place = places[(i * 7) % places.length];
    const trackInstanceId = await enrol(place, 'Withdrawn');
    await hold('TrackInstance', trackInstanceId, place.conferenceId);
    held.push(trackInstanceId);
  }
  // A hold on the person covers each of their enrolments.
  const heldPerson = await placeWithPeople(bare[0], 'Held');
  held.push(await enrol(heldPerson, 'Withdrawn'), await enrol(heldPerson, 'Withdrawn'));
  await hold('User', heldPerson.participantId, heldPerson.conferenceId);

  const completed: string[] = [];
  for (let i = 0; i < COMPLETED; i++) completed.push(await enrol(places[(i * 11) % places.length], 'Completed'));
  return { conferences: places.length, purgeable, held, completed };
}
