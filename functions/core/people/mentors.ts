import type { EntityItem } from 'electrodb';
import { USER_MENTEES_MAX, USER_MENTORS_MAX } from '../../../shared/api/limits';
import { scoped } from '../../../shared/auth/ability';
import { canSelfAssignAsMentor } from '../../../shared/auth/policies';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import type { Action } from '../../../shared/auth/vocabulary';
import { MENTOR_ALREADY, MENTOR_INACTIVE, MENTOR_NEEDS_ROLE, MENTOR_SELF, type MentorLinkView, type PersonView } from '../../../shared/schemas/mentors';
import type { UserAggregate } from '../../db/access/user-aggregate';
import type { mentorAssignment } from '../../db/entities/mentor-assignment';
import { db } from '../../db/service';
import { packTransactions, retryOnStale, transact, type TransactionItem } from '../../db/transact';
import { personEntry } from '../records/audit-records';
import { BusinessRuleError, ForbiddenError } from '../../lib/errors';
import { userScope } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { searchPeople } from '../users/people-search';
import { mentorLinkEndedWrites, mentorLinkedWrites } from './mentor-events';
import { seenUser } from './labelled-user';

type LinkItem = EntityItem<typeof mentorAssignment>;

/**
 * Mentors and mentees (SPEC.md sections 4 to 6). One item per link, in the mentee's
 * partition (a mentee's mentors: one Query of it); its gsi1 `byMentor` gives a mentor's
 * mentees (one Query of the index), so both sides read a bounded Query and no partner entry
 * needs projecting. Links are checked at the mentee's locations.
 */
const may = (auth: AuthContext, action: Action, mentee: UserAggregate) => auth.ability.can(action, scoped('MentorAssignment', userScope(mentee)));

/** Own profile: read on MentorAssignment at all; someone else's: read at their locations (SPEC.md section 6). */
async function readableUser(auth: AuthContext, userId: string): Promise<UserAggregate> {
  const target = await seenUser(auth, userId);
  const allowed = userId === auth.userId ? auth.ability.can('read', 'MentorAssignment') : may(auth, 'read', target);
  if (!allowed) throw new ForbiddenError();
  return target;
}

async function mentorLinksOf(menteeId: string): Promise<LinkItem[]> {
  const { data } = await db().entities.mentorAssignment.query.byMentee({ userId: menteeId }).go({ consistent: true, limit: USER_MENTORS_MAX, count: USER_MENTORS_MAX });
  return data;
}

async function menteeLinksOf(mentorId: string): Promise<LinkItem[]> {
  const { data } = await db().entities.mentorAssignment.query.byMentor({ mentorId }).go({ limit: USER_MENTEES_MAX, count: USER_MENTEES_MAX });
  return data;
}

const byName = (a: MentorLinkView, b: MentorLinkView) => `${a.user.lastName} ${a.user.firstName}`.localeCompare(`${b.user.lastName} ${b.user.firstName}`);

export async function listMentors(auth: AuthContext, menteeId: string): Promise<MentorLinkView[]> {
  await readableUser(auth, menteeId);
  return (await mentorLinksOf(menteeId)).map((link) => ({ user: { id: link.mentorId, ...link.mentor }, createdAt: link.createdAt })).sort(byName);
}

export async function listMentees(auth: AuthContext, mentorId: string): Promise<MentorLinkView[]> {
  await readableUser(auth, mentorId);
  return (await menteeLinksOf(mentorId)).map((link) => ({ user: { id: link.userId, ...link.mentee }, createdAt: link.createdAt })).sort(byName);
}

/** Add Mentor's options: people holding Mentor the caller can see, starting with the text, less the mentee and their mentors (limit 15). */
export async function mentorOptions(auth: AuthContext, menteeId: string, text: string): Promise<PersonView[]> {
  await readableUser(auth, menteeId);
  const current = await mentorLinksOf(menteeId);
  return searchPeople(auth, { text, purpose: 'mentor', excludeIds: [menteeId, ...current.map((link) => link.mentorId)] });
}

const person = (target: UserAggregate) => ({ firstName: target.user.firstName, lastName: target.user.lastName, email: target.user.email });

/**
 * Links a mentor to a mentee. Administrators of the mentee (create MentorAssignment and
 * update User there) link any mentor they can see; a Mentor links themselves under
 * canSelfAssignAsMentor (not the mentee, not already linked, sharing an active location).
 * The mentor holds the Mentor role; neither is inactive; nobody mentors themself.
 */
export async function assignMentor(auth: AuthContext, menteeId: string, mentorId: string): Promise<MentorLinkView> {
  const mentee = await seenUser(auth, menteeId);
  const mentor = await seenUser(auth, mentorId);
  const current = await mentorLinksOf(menteeId);
  const administers = may(auth, 'create', mentee) && auth.ability.can('update', scoped('User', userScope(mentee)));
  const selfAssigns =
    mentorId === auth.userId &&
    canSelfAssignAsMentor({ mentorId, mentorRoles: auth.roles, mentorPermissions: auth.permissions, menteeId, menteePermissions: mentee.permissions, currentMentorIds: current.map((link) => link.mentorId) });
  if (mentorId === menteeId) throw new BusinessRuleError(MENTOR_SELF);
  if (current.some((link) => link.mentorId === mentorId)) throw new BusinessRuleError(MENTOR_ALREADY);
  if (!administers && !selfAssigns) throw new ForbiddenError();
  if (!mentor.roles.some((role) => role.roleId === systemRoleByName('Mentor').id)) throw new BusinessRuleError(MENTOR_NEEDS_ROLE);
  if (mentor.user.inactive || mentee.user.inactive) throw new BusinessRuleError(MENTOR_INACTIVE);
  const createdAt = new Date().toISOString();
  // Created only if absent: a concurrent identical link is a 409, never a second one.
  await transact([
    (tx) => tx.mentorAssignment.create({ userId: menteeId, mentorId, mentee: person(mentee), mentor: person(mentor), createdAt }).commit(),
    ...mentorLinkedWrites({ menteeId, mentorId, mentee: person(mentee), mentor: person(mentor) }, auth.userId),
    personEntry(auth, mentee, 'user.mentor.assigned', 'mentors', [{ field: 'mentor', after: nameOf(person(mentor)) }]),
  ]);
  return { user: { id: mentorId, ...person(mentor) }, createdAt };
}

const nameOf = (someone: { firstName?: string; lastName?: string }) => [someone.firstName, someone.lastName].filter(Boolean).join(' ');

/** Ends links: each needs delete MentorAssignment at its mentee's locations; any refused refuses all. */
async function unlink(auth: AuthContext, links: Array<{ menteeId: string; mentorId: string }>): Promise<{ removed: number }> {
  const mentees = new Map<string, UserAggregate>();
  for (const menteeId of new Set(links.map((link) => link.menteeId))) mentees.set(menteeId, await seenUser(auth, menteeId));
  if ([...mentees.values()].some((mentee) => !may(auth, 'delete', mentee))) throw new ForbiddenError();
  // Each link's delete is conditioned on it being there, with both sides' bell items: a link
  // another request ended meanwhile fails its transaction, and the re-read leaves it out.
  let removed = 0;
  await retryOnStale(async () => {
    const data = await Promise.all(links.map(async (link) => (await db().entities.mentorAssignment.get({ userId: link.menteeId, mentorId: link.mentorId }).go({ consistent: true })).data));
    const groups = data
      .filter((item): item is LinkItem => Boolean(item))
      .map((item): TransactionItem[] => [
        (tx) => tx.mentorAssignment.delete({ userId: item.userId, mentorId: item.mentorId }).where(({ mentorId }, { exists }) => exists(mentorId)).commit(),
        ...mentorLinkEndedWrites({ ...item, menteeId: item.userId }, auth.userId),
        personEntry(auth, mentees.get(item.userId)!, 'user.mentor.unassigned', 'mentors', [{ field: 'mentor', before: nameOf(item.mentor) }]),
      ]);
    // A link and its bell items never split; each group's first item is its delete.
    for (const items of packTransactions(groups)) {
      await transact(items);
      removed += groups.filter((group) => items.includes(group[0])).length;
    }
  });
  return { removed };
}

export async function unassignMentors(auth: AuthContext, menteeId: string, mentorIds: string[]) {
  return unlink(auth, [...new Set(mentorIds)].map((mentorId) => ({ menteeId, mentorId })));
}

export async function unassignMentees(auth: AuthContext, mentorId: string, menteeIds: string[]) {
  await seenUser(auth, mentorId);
  return unlink(auth, [...new Set(menteeIds)].map((menteeId) => ({ menteeId, mentorId })));
}
