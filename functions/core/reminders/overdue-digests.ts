import type { EntityItem } from 'electrodb';
import { DEFAULT_ESCALATION_DAYS } from '../../../shared/schemas/track';
import type { location } from '../../db/entities/location';
import { db } from '../../db/service';
import { batchGet, transact } from '../../db/transact';
import { StaleVersionError } from '../../db/versioned';
import { log } from '../../lib/log';
import type { StepItem } from '../tracks/track-store';
import { eventWrites, stepInstanceLink } from '../instances/instance-events';
import type { StepInstanceItem, TrackInstanceItem } from '../instances/step-instance-store';
import { CONFERENCE_ESCALATION_ROLES, DISTRICT_ESCALATION_ROLES, locationRoleHolders } from './location-admins';
import { dropEntry, entriesDue, entryContext } from './reminder-entries';
import { DAY_MS, OVERDUE_BUCKET } from './reminder-index';

type LocationItem = EntityItem<typeof location>;

/** Overdue steps one daily run reads at most (pages of 100); past it, the digests list the oldest. */
export const DIGEST_STEPS_MAX = 1000;
const PAGE = 100;
/** A digest's lines (the outbox payload's bound); past it the last line says how many more. */
export const DIGEST_ITEMS_MAX = 100;
/** A digest mark is read only on its day: gone a few days later. */
const MARK_TTL_DAYS = 3;

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

/**
 * How far an Overdue step has gone up: 0 the participant and the assignees, 1 also the district's
 * superintendents and admins (after the track's `escalationDays`), 2 also the conference's admins
 * (after as many days again).
 */
export function escalationLevel(dueAt: string, now: string, escalationDays: number): number {
  return Math.min(2, Math.floor((Date.parse(now) - Date.parse(dueAt)) / (escalationDays * DAY_MS)));
}

const dateText = (at: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(at));

/** A digest's line: "Step in Track for Participant, overdue since date". */
export const digestLine = (told: Told) =>
  `${told.stepName} in ${told.instance.trackName} for ${told.instance.participant.firstName} ${told.instance.participant.lastName}, overdue since ${dateText(told.step.dueAt ?? told.step.remindSince!)}`.slice(0, 300);

/** The bell's message: "3 overdue steps in Hudson District" (the place when all lines share one). */
export function digestMessage(count: number, placeName: string | undefined): string {
  return `${count} overdue ${count === 1 ? 'step' : 'steps'}${placeName ? ` in ${placeName}` : ''}`;
}

/** The lines of one recipient's digest, oldest first; past DIGEST_ITEMS_MAX the last says how many more, linking the track's participants. */
export function digestItems(told: readonly Told[]): Array<{ text: string; link: string }> {
  const lines = told.map((t) => ({ text: digestLine(t), link: stepInstanceLink(t.step.stepInstanceId) }));
  if (lines.length <= DIGEST_ITEMS_MAX) return lines;
  const rest = told.slice(DIGEST_ITEMS_MAX - 1);
  return [...lines.slice(0, DIGEST_ITEMS_MAX - 1), { text: `and ${rest.length} more`, link: `/tracks/${rest[0].step.trackTemplateId}/participants` }];
}

/** Every Overdue entry due by now: pages of the `overdue` bucket, oldest first, at most DIGEST_STEPS_MAX. */
async function overdueEntries(now: string): Promise<StepInstanceItem[]> {
  const steps: StepInstanceItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await entriesDue(OVERDUE_BUCKET, now, PAGE, cursor);
    steps.push(...page.data);
    cursor = page.cursor;
  } while (cursor && steps.length < DIGEST_STEPS_MAX);
  return steps.slice(0, DIGEST_STEPS_MAX);
}

const unique = <T>(items: readonly T[], keyOf: (item: T) => string): T[] => [...new Map(items.map((item) => [keyOf(item), item])).values()];

/** One recipient's digest with the mark of their day, in one transaction: a second run that day finds the mark and sends nothing. */
async function sendDigest(userId: string, told: Told[], day: string, now: string, placeNames: Map<string, string>): Promise<boolean> {
  const order = (t: Told) => `${t.step.remindAt}\u0000${t.step.stepInstanceId}`;
  const ordered = [...told].sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const places = new Set(ordered.map((t) => t.placeId));
  const items = digestItems(ordered);
  const ttl = Math.floor(Date.parse(now) / 1000) + MARK_TTL_DAYS * 86_400;
  try {
    await transact([
      (tx) => tx.reminderMark.create({ markId: `digest:${userId}`, period: day, createdAt: now, ttl }).commit(),
      ...eventWrites({ recipientIds: [userId], message: digestMessage(ordered.length, places.size === 1 ? placeNames.get([...places][0]) : undefined), link: items[0].link, items }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof StaleVersionError) return false;
    throw error;
  }
}

/**
 * The daily escalation digests (issue 13 item 4): every Overdue step (the `overdue` bucket of the
 * sparse `byReminder` index, at most DIGEST_STEPS_MAX) is told to its participant and assignees,
 * after the track's `escalationDays` also to the district's superintendents and admins, after as
 * many again to the conference's admins; each recipient gets ONE bell item a day listing every
 * step they are told about. Reads: the index pages, one BatchGet each of instances, tracks, step
 * templates and locations, and per district or conference reached one Query per role.
 */
export async function sendOverdueDigests(now = new Date().toISOString()): Promise<DigestReport> {
  const day = now.slice(0, 10);
  const steps = await overdueEntries(now);
  const report: DigestReport = { looked: steps.length, sent: 0 };
  if (!steps.length) return report;
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
  const byRecipient = new Map<string, Map<string, Told>>();
  const tell = (userIds: readonly string[], told: Told) => {
    for (const userId of userIds) {
      const list = byRecipient.get(userId) ?? new Map<string, Told>();
      if (!list.has(told.step.stepInstanceId)) list.set(told.step.stepInstanceId, told);
      byRecipient.set(userId, list);
    }
  };

  for (const step of steps) {
    const instance = instances.get(step.trackInstanceId);
    if (step.status !== 'Overdue' || instance?.status !== 'Open') {
      await dropEntry(step).catch((error) => {
        if (!(error instanceof StaleVersionError)) throw error;
      });
      continue;
    }
    const level = escalationLevel(step.dueAt ?? step.remindAt!, now, tracks.get(step.trackTemplateId)?.escalationDays ?? DEFAULT_ESCALATION_DAYS);
    const told = (placeId: string): Told => ({ step, instance, stepName: names.get(step.stepTemplateId) ?? 'A step', placeId });
    const district = instance.districtId ?? instance.conferenceId;
    tell([instance.participantId, ...instance.assignees.map((a) => a.userId)], told(district));
    if (level >= 1 && instance.districtId) tell(await holdersAt(instance.districtId, DISTRICT_ESCALATION_ROLES), told(instance.districtId));
    if (level >= 2) tell(await holdersAt(instance.conferenceId, CONFERENCE_ESCALATION_ROLES), told(instance.conferenceId));
  }

  const placeIds = unique([...byRecipient.values()].flatMap((list) => [...list.values()].map((t) => t.placeId)), (id) => id);
  const places = await batchGet<LocationItem>(db().entities.location, placeIds.map((locationId) => ({ locationId })));
  const placeNames = new Map(places.map((p) => [p.locationId, p.name]));
  for (const [userId, list] of byRecipient) if (await sendDigest(userId, [...list.values()], day, now, placeNames)) report.sent++;
  log('info', 'overdue digests sent', { day, ...report });
  return report;
}
