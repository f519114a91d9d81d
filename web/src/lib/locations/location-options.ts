import { AUTOCOMPLETE_LIMITS } from '@shared/api/limits';
import type { LocationKind } from '@shared/auth/vocabulary';
import type { LocationRow } from '@shared/schemas/location';
import type { SelectOption } from '../../components/ui';
import { call } from '../api/client';
import { routes } from '../api/routes';
import { compact } from '../table/table-query';

/** The kinds a location picker offers, with the service that searches them. */
export const PICKABLE_LOCATIONS = {
  Conference: routes.conference.quickSearch,
  District: routes.district.quickSearch,
  Church: routes.church.quickSearch,
} as const;
export type PickableKind = keyof typeof PICKABLE_LOCATIONS & LocationKind;

/** The kinds above a conference, searched the same way where a picker offers them (the Dashboard's Place). */
const WIDER_LOCATIONS = {
  Jurisdiction: routes.jurisdiction.quickSearch,
  EpiscopalArea: routes['episcopal-area'].quickSearch,
} as const;
export type SearchableKind = PickableKind | keyof typeof WIDER_LOCATIONS;

/** SPEC.md section 9: location pickers (conference among them) show 10. */
const LOCATION_OPTIONS_LIMIT = AUTOCOMPLETE_LIMITS.conference;

/** The scope above conferences as a picker option (pickers of a place to govern: admin tabs, the Dashboard). */
export const SYSTEM_SCOPE: SelectOption = { id: 'system', label: 'System' };

/** Whether an option offered from a list held here has a word starting with the typed text. */
export const optionMatches = (option: SelectOption, text: string) => option.label.toLowerCase().split(/\s+/).some((word) => word.startsWith(text.trim().toLowerCase()));

/** A location row as a picker option, with its parent for context. */
export const locationOption = (row: Pick<LocationRow, 'id' | 'name' | 'parentName'>): SelectOption => ({ id: row.id, label: row.name, description: row.parentName });

/**
 * The location search of every location picker: active locations of a kind the caller can see
 * with a word starting with the text, searched on the server (first 10 by name), each with its
 * parent for context; with `parentId`, only those under that location (a conference's churches).
 */
export async function locationOptions(kind: SearchableKind, text: string, parentId?: string): Promise<SelectOption[]> {
  const page = await call({ ...PICKABLE_LOCATIONS, ...WIDER_LOCATIONS }[kind], { query: { limit: LOCATION_OPTIONS_LIMIT, offset: 0, where: compact({ name: text.trim() || undefined, parentId }) } });
  return page.data.map(locationOption);
}
