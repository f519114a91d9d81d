import type { MergeUsersInput } from '@shared/api/user-merge';
import type { UserView } from '@shared/schemas/user';
import type { SelectOption } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

/** A merge candidate: the option, with the names the dialog compares. */
export interface MergeCandidate extends SelectOption {
  user?: Pick<UserView, 'firstName' | 'middleName' | 'lastName'>;
}

/**
 * Merge Users' search: the people search (SPEC.md section 5: active users, name, first or last
 * name by word prefix, nothing until text is typed) for the purpose 'merge', whose limit the
 * server sets (SPEC.md section 9: 100).
 */
export async function mergeCandidates(text: string): Promise<MergeCandidate[]> {
  if (!text.trim()) return [];
  const people = await call(routes.user.peopleSearch, { query: { text, purpose: 'merge' } });
  return people.map((person) => ({ id: person.id, label: `${person.firstName} ${person.lastName}`, description: person.email }));
}

/** The names of one user, for the choice of which to keep. */
export const userNames = async (id: string) => call(routes.user.getUser, { params: { id } });

/** Starts the merge: the decisive part is done when this answers; the move job goes on. */
export const mergeUsers = (input: MergeUsersInput) => call(routes.user.merge, { body: input });
