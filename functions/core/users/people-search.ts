import { AUTOCOMPLETE_LIMITS } from '../../../shared/api/limits';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import type { PeopleSearchPurpose, PersonView } from '../../../shared/schemas/mentors';
import { directoryLists, normaliseTerm } from '../../db/directory';
import type { DirectoryRow } from '../../db/directory-read';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { NO_CONFERENCE_ID } from '../../../shared/schemas/track';
import { getLocationOfKind } from '../locations/location-store';
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

/** The text starts the person's name, `first last` or `last first` (word prefixes: the list's terms). */
function nameStarts(row: DirectoryRow, prefix: string): boolean {
  const { firstName = '', lastName = '' } = row.display as { firstName?: string; lastName?: string };
  return [`${firstName} ${lastName}`, `${lastName} ${firstName}`].some((name) => normaliseTerm(name).startsWith(prefix));
}

const personOf = (row: DirectoryRow): PersonView => ({
  id: row.targetId,
  firstName: String(row.display.firstName ?? ''),
  lastName: String(row.display.lastName ?? ''),
  email: String(row.display.email ?? ''),
});

/** Reads of the word lists one search may make: its cost stays bounded (each read is twice the limit past the last). */
export const SEARCH_READS_MAX = 4;

/**
 * People search (SPEC.md section 5), the one search behind every people picker: nothing until
 * text is typed; active users only (the active word lists); in the caller's scopes (section 5
 * visibility); by word prefix of name, first or last name through the designed word lists of
 * functions/db/directory.ts, with the purpose's limit. The word lists also hold emails: a
 * person matched only by their email is left out, so each read takes twice the limit, and
 * a page still short after that reads on (at most SEARCH_READS_MAX reads) while more exist.
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
  const chunk = purpose.limit * 2 + excluded.size;
  const people: PersonView[] = [];
  const seen = new Set<string>();
  // Rows matched only by email (or excluded) are dropped: read on, up to SEARCH_READS_MAX reads, until the page is full.
  for (let read = 0, offset = 0; read < SEARCH_READS_MAX && people.length < purpose.limit; read += 1) {
    const page = await searchWithout({ direction: 'ASC', offset, limit: chunk, text: prefix, sources }, { scopeIds: hiddenScopeIds, rows: [] });
    for (const row of page.rows) {
      if (seen.has(row.targetId) || excluded.has(row.targetId) || !nameStarts(row, prefix)) continue;
      seen.add(row.targetId);
      people.push(personOf(row));
    }
    offset += page.rows.length;
    // The search count is "found so far, plus one while more exist" (directory-read.ts).
    if (page.rows.length < chunk || page.count <= offset) break;
  }
  return people.slice(0, purpose.limit);
}
