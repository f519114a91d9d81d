import { ALREADY_ERASED, ERASE_MERGED, ERASE_SELF, type ErasurePreview, type ErasureReason } from '../../../../shared/api/user-erasure';
import type { LegalHoldView, RetentionOutcome } from '../../../../shared/schemas/retention';
import { loadUserAggregate, type UserAggregate } from '../../../db/access/user-aggregate';
import { db } from '../../../db/service';
import { batchGet } from '../../../db/transact';
import { ForbiddenError, NotFoundError } from '../../../lib/errors';
import type { TrackInstanceItem } from '../../enrolments/instance-access';
import { holdsOn } from '../../retention/legal-holds';
import { ENROLMENT_OUTCOMES } from '../../retention/retention-cases';
import type { CaseItem } from '../../retention/retention-due';
import { dueAt } from '../../retention/retention-due';
import { readRetentionPolicy } from '../../retention/retention-policy';
import type { AuthContext } from '../../session/resolve-session';

/**
 * The rules of erasure (issue 25, item 4; docs/security.md "Erasure"), asked by the preview and
 * again by the erasure itself on the state it commits from. A person is kept, and erasure refused
 * with each reason named, while:
 *   - a legal hold is active on them or on any of their enrolments (holdsOn, as the purge asks),
 *     named by its record, who placed it and when;
 *   - an enrolment is open (kept while it is open);
 *   - a closed enrolment is inside its retention period under its conference's policy (the track,
 *     how it ended, and the day it is kept until).
 * Closed enrolments past their period are purged with the person, as the daily purge would.
 */
export const ERASURE_ENROLMENTS_PAGE = 100;
/** Enrolments one erasure reads (5 pages); a person with more is refused for an operator to look at. */
export const ERASURE_ENROLMENTS_MAX = 500;
/** Each of a person's own collections is counted from one page (the preview's "at least" figure). */
const COUNT_PAGE = 100;

export interface ErasurePlan {
  person: UserAggregate;
  reasons: ErasureReason[];
  /** Closed enrolments past their period: purged by the erasure job. */
  purgeable: CaseItem[];
}

const day = (iso: string) => iso.slice(0, 10);

const OUTCOME_WORDS: Record<RetentionOutcome, string> = { withdrawn: 'withdrawn', discontinued: 'discontinued', completed: 'completed', inactivePerson: 'inactive' };

/** Superadmins only (403), before any read; then the person (404 when unknown). */
export async function loadErasable(auth: Pick<AuthContext, 'isSuperadmin'>, userId: string): Promise<UserAggregate> {
  if (!auth.isSuperadmin) throw new ForbiddenError();
  const person = await loadUserAggregate(userId, { consistent: true });
  if (!person) throw new NotFoundError('User not found.');
  return person;
}

/** The person's enrolments, a page at a time up to ERASURE_ENROLMENTS_MAX; null when there are more. */
async function enrolmentsOf(userId: string): Promise<TrackInstanceItem[] | null> {
  const found: TrackInstanceItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: TrackInstanceItem[]; cursor: string | null } = await db().entities.trackInstance.query.byParticipant({ participantId: userId }).go({ limit: ERASURE_ENROLMENTS_PAGE, cursor });
    found.push(...page.data);
    cursor = page.cursor;
    if (cursor && found.length >= ERASURE_ENROLMENTS_MAX) return null;
  } while (cursor);
  return found;
}

/** The names of those who placed the holds (one BatchGet), for the reasons. */
async function placerNames(holds: LegalHoldView[]): Promise<Map<string, string>> {
  const ids = [...new Set(holds.map((hold) => hold.placedBy))];
  if (!ids.length) return new Map();
  const users = await batchGet<{ userId: string; firstName: string; lastName: string }>(db().entities.user, ids.map((userId) => ({ userId })));
  return new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`]));
}

function holdReason(hold: LegalHoldView, names: Map<string, string>): ErasureReason {
  const record = hold.recordKind === 'User' ? `this person (${hold.subject})` : `the enrolment ${hold.subject}`;
  const by = names.get(hold.placedBy) ?? 'an administrator no longer known';
  return { kind: 'hold', message: `A legal hold on ${record}, placed by ${by} on ${day(hold.placedAt)}, keeps it until the hold is lifted.` };
}

/** The case a closed enrolment waits out its period under: the stream's, or (not derived yet) one from its current state. */
export async function caseOf(instance: TrackInstanceItem, outcome: RetentionOutcome): Promise<CaseItem> {
  const { data } = await db().entities.retentionCase.get({ recordKind: 'TrackInstance', recordId: instance.trackInstanceId }).go({ consistent: true });
  if (data && data.outcome === outcome && !data.purgedAt) return data;
  return {
    recordKind: 'TrackInstance',
    recordId: instance.trackInstanceId,
    conferenceId: instance.conferenceId,
    outcome,
    closedAt: instance.updatedAt,
    subject: `${instance.participant.firstName} ${instance.participant.lastName}, ${instance.trackName}`,
    participantId: instance.participantId,
  };
}

/** What keeps the person, and the enrolments the erasure purges, judged at `now`. */
export async function planErasure(auth: Pick<AuthContext, 'userId'>, person: UserAggregate, now: Date): Promise<ErasurePlan> {
  const { userId } = person.user;
  const reasons: ErasureReason[] = [];
  if (userId === auth.userId) reasons.push({ kind: 'self', message: ERASE_SELF });
  if (person.user.erasedAt) return { person, reasons: [...reasons, { kind: 'erased', message: ALREADY_ERASED }], purgeable: [] };
  if (person.user.mergedUserId) reasons.push({ kind: 'merged', message: ERASE_MERGED });

  const enrolments = await enrolmentsOf(userId);
  if (!enrolments) {
    reasons.push({ kind: 'tooManyEnrolments', message: `This person has more than ${ERASURE_ENROLMENTS_MAX} enrolments: erasure reads at most that many; an operator must look at them.` });
    return { person, reasons, purgeable: [] };
  }
  const holds = [...(await holdsOn({ userId })), ...(await Promise.all(enrolments.map((instance) => holdsOn({ trackInstanceId: instance.trackInstanceId })))).flat()];
  const names = await placerNames(holds);
  reasons.push(...holds.map((hold) => holdReason(hold, names)));

  const purgeable: CaseItem[] = [];
  for (const instance of enrolments) {
    const outcome = ENROLMENT_OUTCOMES[instance.status];
    if (!outcome) {
      reasons.push({ kind: 'openEnrolment', message: `The enrolment in ${instance.trackName} is ${instance.status.toLowerCase()}: an enrolment is kept while it is open.` });
      continue;
    }
    const item = await caseOf(instance, outcome);
    const { periods } = await readRetentionPolicy(instance.conferenceId);
    const until = dueAt(item.closedAt, periods[outcome]);
    if (until > now.toISOString()) {
      reasons.push({
        kind: 'keptEnrolment',
        until: day(until),
        message: `The enrolment in ${instance.trackName} (${OUTCOME_WORDS[outcome]}, closed ${day(item.closedAt)}) is kept until ${day(until)} under its conference's retention policy (${periods[outcome]} years).`,
      });
    } else purgeable.push(item);
  }
  return { person, reasons, purgeable };
}

/** How many items of one query's first page (a bounded count). */
async function counted(read: Promise<{ data: unknown[] }>): Promise<number> {
  return (await read).data.length;
}

/** The preview route: what erasure would remove, and why it is refused now (empty reasons: it is allowed). */
export async function erasurePreview(auth: AuthContext, userId: string, now: Date = new Date()): Promise<ErasurePreview> {
  const person = await loadErasable(auth, userId);
  const plan = await planErasure(auth, person, now);
  const entities = db().entities;
  const page = { limit: COUNT_PAGE };
  const [aliases, tags, comments, mentees, mentors, memberships, files] = await Promise.all([
    counted(entities.alias.query.byUser({ userId }).go(page)),
    counted(entities.userTag.query.byUser({ userId }).go(page)),
    counted(entities.comment.query.byUser({ userId }).go(page)),
    counted(entities.mentorAssignment.query.byMentee({ userId }).go(page)),
    counted(entities.mentorAssignment.query.byMentor({ mentorId: userId }).go(page)),
    counted(entities.churchMembership.query.byUser({ userId }).go(page)),
    counted(entities.uploadedFile.query.byUser({ userId }).go(page)),
  ]);
  return {
    userId,
    fullName: `${person.user.firstName} ${person.user.lastName}`,
    version: person.user.version,
    reasons: plan.reasons,
    erases: { aliases, tags, comments, mentorLinks: mentees + mentors, memberships, files: files + (person.user.avatar?.key ? 1 : 0), enrolments: plan.purgeable.length },
  };
}
