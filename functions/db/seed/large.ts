/**
 * `npm run seed -- --scale large`: the demo organisation plus a generated one (see
 * ./large-organisation.ts and ./large-people.ts), by default 5 jurisdictions, 40 episcopal
 * areas, 55 conferences, 400 districts, 30,000 churches and 50,000 users, with their
 * directory entries and counts, a system track of 10 phases x 100 steps (./large-track.ts) and
 * 10,000 enrolments in the demo's conference track (./large-enrolments.ts), for the benchmark at scale.
 *
 * Every item has a fixed id and is put, so seeding again overwrites. Directory counts are
 * tallied per chunk (each target is in exactly one chunk), added to the demo's counts for
 * the scopes both share, and written once at the end: the System root's `users` count
 * reaching the total is what `largeSeedPresent` checks, so an interrupted seed runs again; with
 * `resume` it skips what the interrupted run wrote (./large-resume.ts).
 */
import { claimKey, GLOBAL_SCOPE } from '../claims';
import { directoryLists, locationDirectoryEntries, userDirectoryEntries, type DirectoryEntryInput } from '../directory';
import { finishedProjection } from '../directory-projection';
import { nameClaimOf } from '../../core/locations/location-writes';
import { shownRoleName } from '../../core/users/user-directory';
import { SYSTEM_LOCATION_ID } from '../entities/location';
import { db } from '../service';
import { seedDemo } from './demo';
import { countTally, demoCounts, figureTally } from './large-counts';
import { largeOrganisation, LARGE_SIZES, type LargeSizes, type LocationItem } from './large-organisation';
import { generatedPeopleCount, LARGE_TAGS, largePeople, type GeneratedPerson } from './large-people';
import { parallelWriter, type ParallelWriter, type WriteMode } from './large-writer';
import { resumingWriter } from './large-resume';
import { largeTrackTableItems } from './large-track';
import { enrolmentTableItems, LARGE_ENROLMENTS } from './large-enrolments';
import { DEMO_INSTANCE_IDS } from './demo-tracks';
import { DEMO_LOCATION_IDS, demoLocationItems } from './demo-organisation';
import { demoUserByRole } from './demo-people';

export { LARGE_SIZES, type LargeSizes } from './large-organisation';

const SEEDED_AT = '2025-01-06T15:00:00.000Z';
const LOCATION_CHUNK = 500;
const PEOPLE_CHUNK = 250;
const PROGRESS_EVERY_MS = 3000;

export interface SeedLargeOptions {
  sizes?: LargeSizes;
  /** Progress lines ('churches 12,000/29,994 ...'); silent when absent. */
  log?: (line: string) => void;
  /** Write requests in flight. */
  concurrency?: number;
  /** BatchWrite or transactions (./large-writer.ts); by default transactions on DynamoDB Local. */
  mode?: WriteMode;
  /** The 10 x 100 system track (./large-track.ts); by default with the default sizes only (tests pass small sizes). */
  track?: boolean;
  /** Pick up an interrupted run where it stopped (./large-resume.ts); `resumeWindow` items before it are written again. */
  resume?: boolean;
  resumeWindow?: number;
}

export interface SeedLargeResult {
  items: number;
  /** Items an interrupted run had written, found and skipped (`resume`). */
  skipped: number;
  seconds: number;
  itemsPerSecond: number;
}

type Item = Record<string, unknown>;

const entities = () => db().entities;
const tableItem = (params: { Item?: Item }) => params.Item!;
const number = (value: number) => value.toLocaleString('en-US');

function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

function progressLog(writer: Pipeline['writer'], started: number, log?: (line: string) => void) {
  let lastAt = 0;
  return (what: string, done: number, total: number) => {
    const now = performance.now();
    if (!log || (done < total && now - lastAt < PROGRESS_EVERY_MS)) return;
    lastAt = now;
    const rate = writer.written / ((now - started) / 1000);
    const found = writer.skipped ? `, ${number(writer.skipped)} found from an earlier run` : '';
    log(`${what} ${number(done)}/${number(total)}  (${number(writer.written)} items written${found}, ${number(Math.round(rate))} items/s, ${elapsed(now - started)})`);
  };
}

/**
 * Seeded items start at version 1, as ElectroDB's first put leaves them. Each target also gets
 * the record its projector would have left, and each location its name claim, so the app's
 * later writes treat generated data exactly like data it wrote itself.
 */
const FIRST_VERSION = 1;

const projectionItem = (source: 'user' | 'location', targetId: string, entries: DirectoryEntryInput[], sourceVersion: string) =>
  tableItem(entities().projection.put(finishedProjection(source, targetId, { entries, sourceVersion }, SEEDED_AT)).params());

function locationItems(locations: LocationItem[]): { items: Item[]; entries: DirectoryEntryInput[] } {
  const items: Item[] = [];
  const entries: DirectoryEntryInput[] = [];
  for (const location of locations) {
    const own = locationDirectoryEntries({ ...location, active: true });
    items.push(
      tableItem(entities().location.put({ ...location, active: true, createdAt: SEEDED_AT, updatedAt: SEEDED_AT }).params()),
      tableItem(entities().claim.put({ ...claimKey(nameClaimOf(location)), ownerId: location.locationId }).params()),
      projectionItem('location', location.locationId, own, String(FIRST_VERSION)),
    );
    entries.push(...own);
  }
  return { items, entries };
}

function personItems(person: GeneratedPerson, locationNames: ReadonlyMap<string, string>): { items: Item[]; entries: DirectoryEntryInput[] } {
  const { user, roleId, roleName } = person;
  const stamps = { createdAt: SEEDED_AT, updatedAt: SEEDED_AT };
  const items = [
    tableItem(entities().user.put({ ...user, ...stamps }).params()),
    tableItem(entities().userEmail.put({ email: user.email, userId: user.userId, createdAt: SEEDED_AT }).params()),
    tableItem(entities().userRole.put({ userId: user.userId, roleId, roleName, createdAt: SEEDED_AT }).params()),
    ...person.permissions.map((permission) => tableItem(entities().permission.put({ userId: user.userId, ...permission, ...stamps }).params())),
  ];
  items.push(...labelItems(person));
  const names = { roles: new Map([[roleId, shownRoleName({ roleId, roleName })]]), locations: locationNames };
  const entries = userDirectoryEntries({ ...user, createdAt: SEEDED_AT }, [roleId], person.permissions.map((permission) => permission.ancestorIds), names);
  items.push(projectionItem('user', user.userId, entries, `${FIRST_VERSION}.0`));
  return { items, entries };
}

const personOf = (user: GeneratedPerson['user']) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email });

/** A person's church membership, tags, the comment about them and their mentor link (fixed ids: a second run rewrites the same items). */
function labelItems({ user, church, tags, commentBy, mentor }: GeneratedPerson): Item[] {
  const userId = user.userId;
  return [
    ...(church
      ? [
          tableItem(
            entities()
              .churchMembership.put({ userId, membershipId: `${userId}-membership-1`, churchId: church.locationId, churchName: church.name, ancestorIds: church.ancestorIds, primary: true, constituent: true, createdAt: SEEDED_AT })
              .params(),
          ),
        ]
      : []),
    ...tags.map((tag) => tableItem(entities().userTag.put({ userId, tagId: tag.tagId, name: tag.name, createdAt: SEEDED_AT }).params())),
    ...(commentBy
      ? [
          tableItem(
            entities()
              .comment.put({ userId, commentId: `${userId}-comment-1`, type: 'Behavior', comment: 'Steady progress this term.', author: { id: commentBy.userId, firstName: commentBy.firstName, lastName: commentBy.lastName }, createdAt: SEEDED_AT })
              .params(),
          ),
        ]
      : []),
    ...(mentor ? [tableItem(entities().mentorAssignment.put({ userId, mentorId: mentor.userId, mentee: personOf(user), mentor: personOf(mentor), createdAt: SEEDED_AT }).params())] : []),
  ];
}

/** The tag list and the claims of its names. */
const largeTagItems = (): Item[] =>
  LARGE_TAGS.flatMap((tag) => [
    tableItem(entities().tag.put({ ...tag, createdAt: SEEDED_AT, updatedAt: SEEDED_AT }).params()),
    tableItem(entities().claim.put({ ...claimKey({ kind: 'tag', scope: GLOBAL_SCOPE, name: tag.name }), ownerId: tag.tagId }).params()),
  ]);

const entryItems = (entries: DirectoryEntryInput[]) => entries.map((entry) => tableItem(entities().directoryEntry.put(entry).params()));

interface Pipeline {
  /** `skipped`: what a resumed run found already written. */
  writer: ParallelWriter & { skipped?: number };
  counts: ReturnType<typeof countTally>;
  progress: ReturnType<typeof progressLog>;
}

const KIND_LABELS = [
  ['jurisdictions', 'Jurisdiction'],
  ['episcopal areas', 'EpiscopalArea'],
  ['conferences', 'Conference'],
  ['districts', 'District'],
  ['churches', 'Church'],
] as const;

/** Parents before children, in chunks: the items, their directory entries, their counts. */
async function writeLocations(generated: LocationItem[], { writer, counts, progress }: Pipeline): Promise<void> {
  for (const [label, kind] of KIND_LABELS) {
    const locations = generated.filter((location) => location.kind === kind);
    for (let start = 0; start < locations.length; start += LOCATION_CHUNK) {
      const { items, entries } = locationItems(locations.slice(start, start + LOCATION_CHUNK));
      counts.add(entries);
      await writer.put(items);
      await writer.put(entryItems(entries));
      progress(label, Math.min(start + LOCATION_CHUNK, locations.length), locations.length);
    }
  }
}

/** People are generated lazily and written chunk by chunk, so memory stays flat. */
async function writePeople(people: Iterable<GeneratedPerson>, total: number, locationNames: ReadonlyMap<string, string>, { writer, counts, progress }: Pipeline): Promise<void> {
  let chunk: GeneratedPerson[] = [];
  let done = 0;
  const writeChunk = async () => {
    const written = chunk.map((person) => personItems(person, locationNames));
    const entries = written.flatMap((person) => person.entries);
    counts.add(entries);
    await writer.put(written.flatMap((person) => person.items));
    await writer.put(entryItems(entries));
    done += chunk.length;
    chunk = [];
    progress('users', done, total);
  };
  for (const person of people) {
    chunk.push(person);
    if (chunk.length === PEOPLE_CHUNK) await writeChunk();
  }
  if (chunk.length) await writeChunk();
}

/** The design-size system track (./large-track.ts): template, phases, steps, contents, actions. */
async function writeLargeTrack({ writer, progress }: Pipeline): Promise<void> {
  await writer.put(largeTrackTableItems());
  await writer.put(largeTagItems());
  progress('large track', 1, 1);
  await writeLargeEnrolments(writer);
  progress('enrolments', LARGE_ENROLMENTS, LARGE_ENROLMENTS);
}

/**
 * 10,000 enrolments in the demo's Candidacy Pathway (the demo advisor on each), so the
 * benchmark reads the same participants table at both scales (bin/bench/scale-cases.ts).
 */
async function writeLargeEnrolments(writer: ParallelWriter): Promise<void> {
  const advisor = demoUserByRole('Advisor');
  const figures = figureTally();
  const district = demoLocationItems().find((location) => location.locationId === DEMO_LOCATION_IDS.district1)!;
  await writer.put(
    enrolmentTableItems({
      ancestorIds: district.ancestorIds,
      onTallies: figures.add,
      trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate,
      trackName: 'Candidacy Pathway',
      conferenceId: DEMO_LOCATION_IDS.conference1,
      districtId: DEMO_LOCATION_IDS.district1,
      count: LARGE_ENROLMENTS,
      advisors: [{ userId: advisor.id, firstName: advisor.firstName, lastName: advisor.lastName, email: advisor.email }],
      prefix: 'large-enrolment',
    }),
  );
  // The places' dashboard figures, the demo enrolment's share included, once every enrolment is written.
  await writer.flush();
  await writer.put((await figures.withDemoShare()).map((figure) => tableItem(entities().scopeTally.put(figure).params())));
}

/** Counts last, the System root's users count after every other: its total marks the seed complete. */
async function writeCounts({ writer, counts }: Pipeline): Promise<void> {
  await writer.flush();
  counts.include(await demoCounts(counts.keys()));
  const countItems = counts.all().map((count) => tableItem(entities().directoryCount.put(count).params()));
  await writer.put(countItems.filter((item) => !isCompletionMarker(item)));
  await writer.flush();
  await writer.put(countItems.filter(isCompletionMarker));
  await writer.flush();
}

export async function seedLarge(options: SeedLargeOptions = {}): Promise<SeedLargeResult> {
  const sizes = options.sizes ?? LARGE_SIZES;
  const started = performance.now();
  await seedDemo();
  options.log?.(`demo organisation seeded (${elapsed(performance.now() - started)})`);

  const organisation = largeOrganisation(sizes);
  const base = parallelWriter({ concurrency: options.concurrency, mode: options.mode });
  const writer: Pipeline['writer'] = options.resume ? resumingWriter(base, options.resumeWindow) : base;
  const pipeline: Pipeline = { writer, counts: countTally(), progress: progressLog(writer, started, options.log) };
  await writeLocations(organisation.generated, pipeline);
  // The names people's entries show (their conferences and districts, demo or generated).
  const locationNames = new Map([...demoLocationItems(), ...organisation.generated].map((location) => [location.locationId, location.name]));
  await writePeople(largePeople(organisation, sizes.users), generatedPeopleCount(sizes.users), locationNames, pipeline);
  if (options.track ?? !options.sizes) await writeLargeTrack(pipeline);
  await writeCounts(pipeline);

  const seconds = (performance.now() - started) / 1000;
  const itemsPerSecond = Math.round(writer.written / seconds);
  const skipped = writer.skipped ?? 0;
  options.log?.(`large organisation seeded: ${number(writer.written)} items in ${elapsed(seconds * 1000)} (${number(itemsPerSecond)} items/s)${skipped ? `, ${number(skipped)} found from an earlier run` : ''}`);
  return { items: writer.written, skipped, seconds, itemsPerSecond };
}

function isCompletionMarker(item: Item): boolean {
  return item.scopeId === SYSTEM_LOCATION_ID && item.list === directoryLists.users();
}

/** True when the table holds a complete large seed of these sizes. */
export async function largeSeedPresent(sizes: LargeSizes = LARGE_SIZES): Promise<boolean> {
  const { data } = await entities().directoryCount.get({ scopeId: SYSTEM_LOCATION_ID, list: directoryLists.users() }).go({ consistent: true });
  return (data?.count ?? 0) >= sizes.users;
}
