import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { directoryLists } from '../../db/directory';
import { readSortedPage } from '../../db/directory-read';

const CONFERENCE_DEPTH = LOCATION_KINDS.indexOf('Conference');

/** A grant's place, as permissions carry it: its chain, outermost first, ending with itself. */
type Place = { ancestorIds: readonly string[] };

export interface ConferenceBelow {
  id: string;
  name: string;
  /** The conference's chain, outermost first (jurisdiction, episcopal area, the conference). */
  chain: string[];
}

/**
 * The active conferences under places above the conference level (a jurisdiction or an
 * episcopal area): each place's directory list `locations:Conference`, one Query per place, at
 * most `limit` each. Places at or below a conference have none. A conference's chain is the
 * place's, the episcopal area between (its `parentId`) for a jurisdiction, and itself.
 */
export async function conferencesBelow(places: readonly Place[], limit: number): Promise<ConferenceBelow[]> {
  const above = places.filter((place) => place.ancestorIds.length > 0 && place.ancestorIds.length <= CONFERENCE_DEPTH);
  const pages = await Promise.all(
    above.map(async (place) => {
      const scopeId = place.ancestorIds[place.ancestorIds.length - 1];
      const page = await readSortedPage({ sources: [{ scopeId, list: directoryLists.locations('Conference') }], direction: 'ASC', offset: 0, limit });
      return page.rows.map((row): ConferenceBelow => {
        const between = place.ancestorIds.length < CONFERENCE_DEPTH ? [String(row.display.parentId)] : [];
        return { id: row.targetId, name: String(row.display.name), chain: [...place.ancestorIds, ...between, row.targetId] };
      });
    }),
  );
  return [...new Map(pages.flat().map((conference) => [conference.id, conference])).values()];
}
