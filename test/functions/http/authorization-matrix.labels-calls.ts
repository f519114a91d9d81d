import { createHash } from 'node:crypto';
import { newId } from '../../../functions/db/ids';
import { db } from '../../../functions/db/service';
import { putTestUser } from '../../support/test-users';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** A short unique label for a call (tag names are at most 30 characters). */
const labelOf = (tag: string) => `m ${createHash('sha1').update(tag).digest('hex').slice(0, 12)}`;

/** A tag of its own for one call, written straight to the table (not through the routes under test). */
async function throwawayTag(tag: string): Promise<string> {
  const tagId = `matrix-tag-${newId().toLowerCase()}`;
  await db().entities.tag.create({ tagId, name: labelOf(tag) }).go();
  return tagId;
}

/** A tag on the target user, for a removal. */
async function throwawayUserTag(target: Target, tag: string): Promise<string> {
  const tagId = await throwawayTag(tag);
  await db().entities.userTag.put({ userId: target.userId, tagId, name: labelOf(tag) }).go();
  return tagId;
}

async function throwawayAlias(target: Target, tag: string): Promise<string> {
  const aliasId = `matrix-alias-${newId().toLowerCase()}`;
  await db().entities.alias.put({ userId: target.userId, aliasId, alias: labelOf(tag) }).go();
  return aliasId;
}

/** A comment about the target written by the actor, for a removal. */
async function throwawayComment(target: Target, tag: string, actor: Actor): Promise<string> {
  const commentId = newId();
  await db().entities.comment.create({ userId: target.userId, commentId, type: 'Other', comment: labelOf(tag), author: { id: actor.userId, firstName: 'Matrix', lastName: actor.name } }).go();
  return commentId;
}

const nobody = { firstName: 'Matrix', lastName: 'Link', email: 'matrix.link@example.org' };

/** A mentor link written straight to the table. */
async function throwawayLink(menteeId: string, mentorId: string): Promise<void> {
  await db().entities.mentorAssignment.create({ userId: menteeId, mentorId, mentee: nobody, mentor: nobody }).go();
}

/** A fresh Mentor at the target's district (each assignment call links its own). */
const freshMentor = (t: Target, tag: string) => putTestUser({ firstName: 'Mentor', lastName: labelOf(tag), locationId: t.chain.District, role: 'Mentor' });

/** A fresh mentee of the target (the target as mentor), at the target's district. */
async function menteeOf(t: Target, tag: string): Promise<string> {
  const menteeId = await putTestUser({ firstName: 'Mentee', lastName: labelOf(tag), locationId: t.chain.District });
  await throwawayLink(menteeId, t.userId);
  return menteeId;
}

/** Tags, aliases, comments and mentors of a profile (rows in authorization-matrix.labels-expected.ts). */
export const LABEL_CALLS: Record<string, CallBuilder> = {
  'user.searchTags': () => ({ path: '/api/user/tag', query: 'searchTerm=m' }),
  'user.userTags': (t) => ({ path: `/api/user/${t.userId}/tag` }),
  'user.addTag': (t, tag) => ({ path: `/api/user/${t.userId}/tag`, method: 'POST', body: { name: labelOf(tag) } }),
  'user.addExistingTag': async (t, tag) => ({ path: `/api/user/${t.userId}/tag/${await throwawayTag(tag)}`, method: 'POST' }),
  // The organisation's tag list has no scope: one throwaway tag per call.
  // A name of its own: the other tag rows claim names made from the same call tag.
  'user.deleteTag': async (_t, tag) => ({ path: `/api/user/tag/${await throwawayTag(`delete ${tag}`)}`, method: 'DELETE' }),
  'user.removeTag': async (t, tag) => ({ path: `/api/user/${t.userId}/tag/${await throwawayUserTag(t, tag)}`, method: 'DELETE' }),
  'user.aliases': (t) => ({ path: `/api/user/${t.userId}/alias` }),
  'user.addAlias': (t, tag) => ({ path: `/api/user/${t.userId}/alias/${encodeURIComponent(labelOf(tag))}`, method: 'POST' }),
  'user.comments': (t) => ({ path: `/api/user/user-profile-comments/${t.userId}` }),
  'user.addComments': (t, tag) => ({ path: `/api/user/${t.userId}/comment`, method: 'POST', body: { comments: [{ type: 'Behavior', comment: labelOf(tag) }] } }),
  'user.removeComments': async (t, tag, actor) => ({ path: '/api/user/comments', method: 'DELETE', body: { userId: t.userId, comments: [await throwawayComment(t, tag, actor)] } }),
  'user.peopleSearch': () => ({ path: '/api/user/people-search', query: 'text=m&purpose=user' }),
  'user.mentors': (t) => ({ path: `/api/user/${t.userId}/mentors` }),
  'user.mentees': (t) => ({ path: `/api/user/${t.userId}/mentees` }),
  'user.mentorOptions': (t) => ({ path: '/api/user/get-mentor-options', method: 'POST', body: { userId: t.userId, mentorSearch: 'm' } }),
  'user.assignMentor': async (t, tag) => ({ path: `/api/user/${t.userId}/assign`, method: 'POST', body: { mentorId: await freshMentor(t, tag) } }),
  'user.unassignMentors': async (t, tag) => {
    const mentorId = await freshMentor(t, tag);
    await throwawayLink(t.userId, mentorId);
    return { path: `/api/user/${t.userId}/unassign-mentors-from-user`, method: 'DELETE', body: { mentorIds: [mentorId] } };
  },
  'user.unassignMentees': async (t, tag) => ({ path: `/api/user/${t.userId}/unassign-mentees-from-user`, method: 'DELETE', body: { menteeIds: [await menteeOf(t, tag)] } }),
  'user.removeMentees': async (t, tag) => ({ path: '/api/user/mentor-assignments/remove-mentees', method: 'DELETE', body: { mentorId: t.userId, menteeIds: [await menteeOf(t, tag)] } }),
  'user.removeAlias': async (t, tag) => ({ path: `/api/user/${t.userId}/alias/${await throwawayAlias(t, tag)}`, method: 'DELETE' }),
};
