import type { EntityItem } from 'electrodb';
import { DEFAULT_ESCALATION_DAYS } from '../../../shared/schemas/track';
import type { location } from '../../db/entities/location';
import type { overdueDigestLine } from '../../db/entities/overdue-digest';
import { db } from '../../db/service';
import { batchGet, packTransactions, transact, type TransactionWrite } from '../../db/transact';
import { StaleVersionError } from '../../db/versioned';
import type { StepItem } from '../tracks/track-store';
import { eventWrites, stepInstanceLink } from '../outbox/instance-events';
import type { StepInstanceItem, TrackInstanceItem } from '../enrolments/step-instance-store';
import { CONFERENCE_ESCALATION_ROLES, DISTRICT_ESCALATION_ROLES, locationRoleHolders } from './location-admins';
import { dropEntry, entriesDue, entryContext } from './reminder-entries';
import { DAY_MS, markTtl, OVERDUE_BUCKET } from '../step-indexes/reminder-index';
import { readRecipient } from '../outbox/outbox-recipient';
import { DEFAULT_TIME_ZONE, knownTimeZone, localDay } from '../../lib/zoned-time';

type LocationItem = EntityItem<typeof location>;
type LineItem = EntityItem<typeof overdueDigestLine>;

export { DIGEST_PAGE } from './overdue-digest-start';
/** A digest's lines (the outbox payload's bound); past it the last line says how many more. */
export const DIGEST_ITEMS_MAX = 100;

export interface DigestReport {
  /** Overdue steps looked at. */
  looked: number;
  /** Digests sent (one per recipient and day). */
  sent: number;
}

interface Told {
  step: StepInstanceItem;
  instance: TrackInstanceItem;
  stepName: string;
  /** The location the recipient hears of it for (the enrolment's district, or its conference). */
  placeId: string;
}

/** A digest line as the digest lists it. */
export type DigestLine = Pick<LineItem, 'text' | 'link' | 'trackTemplateId'>;

/**
 * How far an Overdue step has gone up: 0 the participant and the assignees, 1 also the district's
 * superintendents and admins (after the track's `escalationDays`), 2 also the conference's admins
 * (after as many days again).
 */
export function escalationLevel(dueAt: string, now: string, escalationDays: number): number {
  return Math.min(2, Math.floor((Date.parse(now) - Date.parse(dueAt)) / (escalationDays * DAY_MS)));
}

const dateText = (at: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(new Date(at));

/** A digest's line: "Step in Track for Participant, overdue since date" (the date in the enrolment's conference time zone). */
export const digestLine = (told: Told, timeZone = DEFAULT_TIME_ZONE) =>
  `${told.stepName} in ${told.instance.trackName} for ${told.instance.participant.firstName} ${told.instance.participant.lastName}, overdue since ${dateText(told.step.dueAt ?? told.step.remindSince!, timeZone)}`.slice(0, 300);

/** The bell's message: "3 overdue steps in Hudson District" (the place when all lines share one). */
export function digestMessage(count: number, placeName: string | undefined): string {
  return `${count} overdue ${count === 1 ? 'step' : 'steps'}${placeName ? ` in ${placeName}` : ''}`;
}

/** Where "and N more" leads: the track's participants with an Overdue step (the first of the rest's track). */
export const moreLink = (trackTemplateId: string) => `/tracks/${trackTemplateId}/participants?overdue=1`;

/**
 * The lines of one recipient's digest, oldest first (`lines` holds the first DIGEST_ITEMS_MAX of
 * `total`); past DIGEST_ITEMS_MAX the last line says how many more, linking the track's participants with overdue steps.
 */
export function digestItems(lines: readonly DigestLine[], total = lines.length): Array<{ text: string; link: string }> {
  const shown = lines.map(({ text, link }) => ({ text, link }));
  if (total <= DIGEST_ITEMS_MAX) return shown;
  const rest = total - (DIGEST_ITEMS_MAX - 1);
  return [...shown.slice(0, DIGEST_ITEMS_MAX - 1), { text: `and ${rest} more`, link: moreLink(lines[DIGEST_ITEMS_MAX - 1].trackTemplateId) }];
}

const unique = <T>(items: readonly T[], keyOf: (item: T) => string): T[] => [...new Map(items.map((item) => [keyOf(item), item])).values()];

/**
 * The collecting half of a digest day: one page of the `overdue` bucket (oldest first), and
 * per step its recipients: the participant and the assignees; after the track's
 * `escalationDays` past its due date also the district's superintendents and admins, after as
 * many again the conference's admins. Each (recipient, step) becomes an `overdueDigestLine` of
 * the day and each recipient an `overdueDigestRecipient` (idempotent puts, transactions of 100).
 * Reads: the page, one BatchGet each of instances, tracks, step templates and locations, and per
 * district or conference reached one Query per role.
 */
export async function collectOverdue(now: string, day: string, limit: number, cursor: string | null): Promise<{ looked: number; cursor: string | null }> {
  const page = await entriesDue(OVERDUE_BUCKET, now, limit, cursor);
  const steps = page.data;
  if (!steps.length) return { looked: 0, cursor: page.cursor };
  const [{ instances, tracks }, templates] = await Promise.all([
    entryContext(steps),
    batchGet<StepItem>(db().entities.stepTemplate, unique(steps, (s) => s.stepTemplateId).map(({ trackTemplateId, phaseId, stepTemplateId }) => ({ trackTemplateId, phaseId, stepTemplateId }))),
  ]);
  const names = new Map(templates.map((t) => [t.stepTemplateId, t.name]));
  const holders = new Map<string, Promise<string[]>>();
  const holdersAt = (locationId: string, roleIds: readonly string[]) => {
    if (!holders.has(locationId)) holders.set(locationId, locationRoleHolders(locationId, roleIds));
    return holders.get(locationId)!;
  };

  const told: Array<{ userId: string; told: Told }> = [];
  const tell = (userIds: readonly string[], item: Told) => told.push(...userIds.map((userId) => ({ userId, told: item })));
  for (const step of steps) {
    const instance = instances.get(step.trackInstanceId);
    if (step.status !== 'Overdue' || instance?.status !== 'Open') {
      await dropEntry(step).catch((error) => {
        if (!(error instanceof StaleVersionError)) throw error;
      });
      continue;
    }
    const level = escalationLevel(step.dueAt ?? step.remindAt!, now, tracks.get(step.trackTemplateId)?.escalationDays ?? DEFAULT_ESCALATION_DAYS);
    const at = (placeId: string): Told => ({ step, instance, stepName: names.get(step.stepTemplateId) ?? 'A step', placeId });
    tell([instance.participantId, ...instance.assignees.map((a) => a.userId)], at(instance.districtId ?? instance.conferenceId));
    if (level >= 1 && instance.districtId) tell(await holdersAt(instance.districtId, DISTRICT_ESCALATION_ROLES), at(instance.districtId));
    if (level >= 2) tell(await holdersAt(instance.conferenceId, CONFERENCE_ESCALATION_ROLES), at(instance.conferenceId));
  }

  const lines = unique(told, ({ userId, told: t }) => `${userId}\u0000${t.step.stepInstanceId}`);
  // The places told of, and the enrolments' conferences (their time zones date the lines): one BatchGet.
  const placeIds = new Set(lines.flatMap(({ told: t }) => [t.placeId, t.instance.conferenceId]));
  const places = await batchGet<LocationItem>(db().entities.location, [...placeIds].map((locationId) => ({ locationId })));
  const placeNames = new Map(places.map((p) => [p.locationId, p.name]));
  const zones = new Map(places.map((p) => [p.locationId, knownTimeZone(p.timeZone)]));
  const ttl = markTtl(now);
  const writes: TransactionWrite[] = [
    ...lines.map(({ userId, told: t }): TransactionWrite => (tx) =>
      tx.overdueDigestLine
        .put({ day, userId, remindAt: t.step.remindAt!, stepInstanceId: t.step.stepInstanceId, text: digestLine(t, zones.get(t.instance.conferenceId)), link: stepInstanceLink(t.step.stepInstanceId), trackTemplateId: t.step.trackTemplateId, placeId: t.placeId, placeName: placeNames.get(t.placeId), ttl })
        .commit(),
    ),
    ...unique(lines, (l) => l.userId).map(({ userId }): TransactionWrite => (tx) => tx.overdueDigestRecipient.put({ day, userId, ttl }).commit()),
  ];
  for (const items of packTransactions(writes.map((write) => [write]))) await transact(items);
  return { looked: steps.length, cursor: page.cursor };
}

/**
 * One recipient's digest of the day: their first DIGEST_ITEMS_MAX lines (oldest first), the rest
 * only counted (their place ids read), and ONE bell item with the mark `digest:<userId>` of the
 * recipient's local day (their conference's time zone, as the SMS cap and email digest count days)
 * in one transaction (created only if absent): a repeated run, a step of the job repeated after
 * a crash, or a second run the same local day, sends nothing twice.
 */
async function sendDigest(userId: string, day: string, now: string): Promise<boolean> {
  const first = await db().entities.overdueDigestLine.query.byRecipient({ day, userId }).go({ limit: DIGEST_ITEMS_MAX });
  if (!first.data.length) return false;
  let total = first.data.length;
  const places = new Map(first.data.map((line) => [line.placeId, line.placeName]));
  for (let cursor = first.cursor; cursor; ) {
    const more = await db().entities.overdueDigestLine.query.byRecipient({ day, userId }).go({ cursor, attributes: ['placeId'] });
    total += more.data.length;
    for (const line of more.data) places.set(line.placeId!, undefined);
    cursor = more.cursor;
  }
  const items = digestItems(first.data, total);
  const timeZone = (await readRecipient(userId))?.timeZone ?? DEFAULT_TIME_ZONE;
  try {
    await transact([
      (tx) => tx.reminderMark.create({ markId: `digest:${userId}`, period: localDay(Date.parse(now), timeZone), createdAt: now, ttl: markTtl(now) }).commit(),
      ...eventWrites({ recipientIds: [userId], message: digestMessage(total, places.size === 1 ? [...places.values()][0] : undefined), link: items[0].link, items }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof StaleVersionError) return false;
    throw error;
  }
}

/** The sending half: one page of the day's recipients, each sent their digest. */
export async function sendDigestsPage(now: string, day: string, limit: number, cursor: string | null): Promise<{ sent: number; cursor: string | null }> {
  const page = await db().entities.overdueDigestRecipient.query.byDay({ day }).go({ limit, cursor });
  let sent = 0;
  for (const { userId } of page.data) if (await sendDigest(userId, day, now)) sent++;
  return { sent, cursor: page.cursor };
}
