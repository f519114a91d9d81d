import type { MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const READ_USER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer'] as const;
const ADMINS = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;

const READ_COMMENT = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Interviewer'] as const;
const CREATE_COMMENT = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Interviewer'] as const;

const row = (own: MatrixRow['own'], other: MatrixRow['other']): MatrixRow => ({ own, other, anonymous: 401 });

/** Readers see a user's labels; administrators of the user change them. Unseen users are 404, seen but not administered 403. */
const read = row(only(READ_USER, 200, 404), only(['Superadmin'], 200, 404));
const change = (status: number) => row({ ...only(READ_USER, 403, 404), ...only(ADMINS, status, 404) }, only(['Superadmin'], status, 404));

const readLinks = row({ ...only(READ_USER, 200, 404), Interviewer: 403 }, only(['Superadmin'], 200, 404));
const unlink = row(only(ADMINS, 200), { ...only(ADMINS, 404), Superadmin: 200 });

/**
 * Tags, aliases and comments of a profile. Own = another user of the actor's scope; other = a user
 * outside it. Tag search reads the organisation's one tag list: those who may tag someone.
 */
export const LABEL_ROWS: Record<string, MatrixRow> = {
  'user.searchTags': row(only(ADMINS, 200), null),
  'user.userTags': read,
  // Adding a tag by name has a body: whoever may label nobody (update and create User nowhere) is refused before it (403).
  'user.addTag': row(only(ADMINS, 201), { ...only(ADMINS, 404), Superadmin: 201 }),
  'user.addExistingTag': change(201),
  'user.removeTag': change(200),
  // Tags are one list for the organisation: only a superadmin deletes one (docs/security.md).
  'user.deleteTag': row(only(['Superadmin'], 200), null),
  'user.aliases': read,
  'user.addAlias': change(201),
  'user.removeAlias': change(200),
  // People search answers every signed-in person, each within what they see (nobody outside their scope: checked for leaks).
  'user.peopleSearch': row(200, null),
  // Mentor links are read where MentorAssignment is (Interviewer has none: 403 on a user they see).
  'user.mentors': readLinks,
  'user.mentees': readLinks,
  'user.mentorOptions': row(
    { ...only(READ_USER, 200, 404), Interviewer: 403, User: 403 },
    { default: 404, Superadmin: 200, Interviewer: 403, User: 403 },
  ),
  // Linking someone else's mentor: the user's administrators; a Mentor only themself (policies tests), so 403 here.
  'user.assignMentor': row({ ...only(['Mentor'], 403), ...only(ADMINS, 201) }, { ...only(['Mentor', 'ConferenceAdmin', 'DistrictAdmin'], 404), Superadmin: 201 }),
  'user.unassignMentors': unlink,
  'user.unassignMentees': unlink,
  'user.removeMentees': unlink,
  // Comments: roles without Comment are refused before anything is read (403); those with it who cannot see the user get 404.
  'user.comments': row(only(READ_COMMENT, 200), { ...only(READ_COMMENT, 404), Superadmin: 200 }),
  'user.addComments': row(only(CREATE_COMMENT, 201), { ...only(CREATE_COMMENT, 404), Superadmin: 201 }),
  'user.removeComments': row(only(READ_COMMENT, 200), { ...only(READ_COMMENT, 404), Superadmin: 200 }),
};
