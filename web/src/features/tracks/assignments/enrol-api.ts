import { AUTOCOMPLETE_LIMITS } from '@shared/api/limits';
import type { SelectOption } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

const personOption = (person: { id: string; firstName: string; lastName: string; email: string }): SelectOption => ({
  id: person.id,
  label: `${person.firstName} ${person.lastName}`,
  description: person.email,
});

/** People the caller sees, by name (the people search: nothing before text is typed). */
export const participantOptions = async (text: string) => (await call(routes.user.peopleSearch, { query: { text, purpose: 'user' } })).map(personOption);

/** Advisor search keeps users holding the Advisor role (limit 15). */
export const advisorOptions = async (text: string) => (await call(routes.user.peopleSearch, { query: { text, purpose: 'advisor' } })).map(personOption);

/** Active tracks the caller reads, by name prefix (the Track Templates list's read). */
export async function enrolledTrackOptions(text: string): Promise<SelectOption[]> {
  const name = text.trim();
  const page = await call(routes.track.quickSearch, { query: { limit: AUTOCOMPLETE_LIMITS.track, offset: 0, where: { active: 'true', ...(name ? { name } : {}) } } });
  return page.data.map((track) => ({ id: track.id, label: track.name, description: track.conference?.name ?? 'System' }));
}
