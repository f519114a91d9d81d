import { AUTOCOMPLETE_LIMITS } from '../../../shared/api/limits';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import type { PeopleSearchPurpose, PersonView } from '../../../shared/schemas/mentors';
import { directoryLists, normaliseTerm } from '../../db/directory';
import type { DirectoryRow } from '../../db/directory-read';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { NO_CONFERENCE_ID } from '../../../shared/schemas/track';
import { getLocationOfKind } from '../../db/access/location-store';
import { searchWithout, userListScopes, userListScopesUnder } from '../scope';
import type { AuthContext } from '../session/resolve-session';

/** SPEC.md section 9's limit of each search, and the role its people hold (role assignment names its own). */
const PURPOSES: Record<PeopleSearchPurpose, { limit: number; role?: 'Advisor' | 'Interviewer' | 'Mentor' }> = {
  user: { limit: AUTOCOMPLETE_LIMITS.user },
  advisor: { limit: AUTOCOMPLETE_LIMITS.advisor, role: 'Advisor' },
  interviewer: { limit: AUTOCOMPLETE_LIMITS.interviewer, role: 'Interviewer' },
  merge: { limit: AUTOCOMPLETE_LIMITS.merge },
  mentor: { limit: AUTOCOMPLETE_LIMITS.mentor, role: 'Mentor' },
  roleAssignment: { limit: AUTOCOMPLETE_LIMITS.roleAssignment },
};

export interface PeopleSearchInput {
  text: string;
  purpose: PeopleSearchPurpose;
  /** Role assignment: the role the people hold. */
  roleId?: string;
  /** People already chosen or assigned (a mentee's mentors, the mentee): left out. */
  excludeIds?: string[];
  /** Only people placed in this conference (an interview group's members); '0' or absent: anywhere the caller sees. */
  conferenceId?: string;
}

/** The caller's user lists, narrowed to one conference when asked; a conference out of reach has nobody for them. */
async function scopesOf(auth: Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles'>, conferenceId: string | undefined) {
  if (!conferenceId || conferenceId === NO_CONFERENCE_ID) return userListScopes(auth);
  const conference = await getLocationOfKind(conferenceId, 'Conference');
  if (!conference) return { scopeIds: [], hiddenScopeIds: [] };
  try {
    return userListScopesUnder(auth, conference);
  } catch (error) {
    if (error instanceof ForbiddenError) return { scopeIds: [], hiddenScopeIds: [] };
    throw error;
  }
}

const personOf = (row: DirectoryRow): PersonView => ({
  id: row.targetId,
  firstName: String(row.display.firstName ?? ''),
  lastName: String(row.display.lastName ?? ''),
  email: String(row.display.email ?? ''),
});

/**
 * People search (SPEC.md section 5), the one search behind every people picker: nothing until
 * text is typed; active users only (the active name lists); in the caller's scopes (section 5
 * visibility); by word prefix of name, first or last name through the name lists of
 * functions/db/directory.ts (`first last` and `last first`; emails live in a list of their own),
 * with the purpose's limit (section 9). Every row read matches, so one read of the limit plus the
 * people to leave out fills the page whenever that many exist: one Query per scope (and per denied
 * scope inside it, hidden-rows.ts), whatever the number of users behind the matches.
 */
export async function searchPeople(auth: Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles'>, input: PeopleSearchInput): Promise<PersonView[]> {
  const prefix = normaliseTerm(input.text);
  if (!prefix) return [];
  const purpose = PURPOSES[input.purpose];
  if (input.purpose === 'roleAssignment' && !input.roleId) throw new ValidationError({ roleId: ['Required'] });
  const roleId = purpose.role ? systemRoleByName(purpose.role).id : input.roleId;
  const { scopeIds, hiddenScopeIds } = await scopesOf(auth, input.conferenceId);
  if (!scopeIds.length) return [];
  const excluded = new Set(input.excludeIds ?? []);
  const sources = scopeIds.map((scopeId) => ({ scopeId, list: directoryLists.userWords(roleId, true) }));
  const page = await searchWithout({ direction: 'ASC', offset: 0, limit: purpose.limit + excluded.size, text: prefix, sources }, { scopeIds: hiddenScopeIds, rows: [] });
  return page.rows
    .filter((row) => !excluded.has(row.targetId))
    .slice(0, purpose.limit)
    .map(personOf);
}
