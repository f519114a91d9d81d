import { directoryCountsOf, type DirectoryEntryInput } from '../directory';
import { SYSTEM_LOCATION_ID } from '../entities/location';
import { db } from '../service';
import { demoLocationItems } from './demo-organisation';

/**
 * The large seed's directory counts: tallied chunk by chunk while entries are written,
 * then added to what the demo seed wrote for the scopes both share, and written once.
 */
type CountKey = { scopeId: string; list: string };
type Count = CountKey & { count: number };

/** Distinct targets per (scope, list), summed over chunks whose targets never overlap. */
export function countTally() {
  const totals = new Map<string, Count>();
  const keyOf = ({ scopeId, list }: CountKey) => `${scopeId}\u0000${list}`;
  return {
    add(entries: DirectoryEntryInput[]) {
      for (const { scopeId, list, count } of directoryCountsOf(entries)) {
        const total = totals.get(keyOf({ scopeId, list })) ?? { scopeId, list, count: 0 };
        total.count += count;
        totals.set(keyOf(total), total);
      }
    },
    /** Adds counts already in the table (the demo's) to the tallied ones. */
    include(existing: Count[]) {
      for (const count of existing) {
        const total = totals.get(keyOf(count));
        if (total) total.count += count.count;
      }
    },
    keys: () => [...totals.values()].map(({ scopeId, list }) => ({ scopeId, list })),
    all: () => [...totals.values()],
  };
}

/** The demo's counts for the scopes the generated organisation shares with it. */
export async function demoCounts(keys: CountKey[]): Promise<Count[]> {
  const demoScopes = new Set([SYSTEM_LOCATION_ID, ...demoLocationItems().map((location) => location.locationId)]);
  const shared = keys.filter((key) => demoScopes.has(key.scopeId));
  if (!shared.length) return [];
  const { data, unprocessed } = await db().entities.directoryCount.get(shared).go({ consistent: true });
  if (unprocessed.length) throw new Error(`Reading the demo's directory counts: ${unprocessed.length} keys were not read`);
  return data;
}
