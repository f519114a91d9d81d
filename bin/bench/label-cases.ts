import { AS, demoUserId } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import { benchCase, type BenchCase } from './bench-case';

/**
 * Tags, aliases, comments, mentor links and people search. Reads aim at the demo participant
 * (tags, an alias, comments, a mentor) and the demo mentor; searches use a short prefix, so at
 * the large scale they meet many matches and show the read stays one page. Writes work on
 * people added for the run (one per call, deactivated by clean-up).
 */
const WRITE_CALLS = 20;
const participant = demoUserId(AS.participant);
const mentor = demoUserId(AS.mentor);
const REPEATS = 'each call needs an item the one before made; covered by the integration tests';

const onNewPeople = (path: string, each: (userId: string, call: number) => { path: string; body?: unknown }) =>
  benchCase<string[]>({ as: AS.conferenceAdmin, path, calls: WRITE_CALLS, prepare: addPeople, each: (call, userIds) => each(userIds[call], call), cleanUp: deactivate, singleItem: true });

export const LABEL_CASES: Record<string, BenchCase> = {
  'user.searchTags': { as: AS.conferenceAdmin, path: '/api/user/tag', query: 'searchTerm=c' },
  'user.userTags': { as: AS.conferenceAdmin, path: `/api/user/${participant}/tag`, singleItem: true },
  'user.aliases': { as: AS.conferenceAdmin, path: `/api/user/${participant}/alias`, singleItem: true },
  'user.comments': { as: AS.conferenceAdmin, path: `/api/user/user-profile-comments/${participant}` },
  'user.peopleSearch': { as: AS.conferenceAdmin, path: '/api/user/people-search', query: 'text=ma&purpose=user' },
  'user.mentors': { as: AS.conferenceAdmin, path: `/api/user/${participant}/mentors`, singleItem: true },
  'user.mentees': { as: AS.conferenceAdmin, path: `/api/user/${mentor}/mentees` },
  'user.mentorOptions': { as: AS.conferenceAdmin, method: 'POST', path: '/api/user/get-mentor-options', body: { userId: participant, mentorSearch: 'm' } },
  'user.addTag': onNewPeople('/api/user/{id}/tag', (userId, call) => ({ path: `/api/user/${userId}/tag`, body: { name: `Bench ${call % 5}` } })),
  'user.addAlias': onNewPeople('/api/user/{id}/alias', (userId) => ({ path: `/api/user/${userId}/alias/Benchy` })),
  'user.addComments': onNewPeople('/api/user/{id}/comment', (userId) => ({ path: `/api/user/${userId}/comment`, body: { comments: [{ type: 'Behavior', comment: 'Bench note.' }] } })),
  'user.assignMentor': onNewPeople('/api/user/{userId}/assign', (userId) => ({ path: `/api/user/${userId}/assign`, body: { mentorId: mentor } })),
  'user.addExistingTag': { path: '/api/user/{id}/tag/{tagId}', skip: REPEATS },
  'user.removeTag': { path: '/api/user/{id}/tag/{tagId}', skip: REPEATS },
  'user.removeAlias': { path: '/api/user/{id}/alias/{aliasId}', skip: REPEATS },
  'user.removeComments': { path: '/api/user/comments', skip: REPEATS },
  'user.unassignMentors': { path: '/api/user/{userId}/unassign-mentors-from-user', skip: REPEATS },
  'user.unassignMentees': { path: '/api/user/{userId}/unassign-mentees-from-user', skip: REPEATS },
  'user.removeMentees': { path: '/api/user/mentor-assignments/remove-mentees', skip: REPEATS },
};
