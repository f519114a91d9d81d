import { directoryCountsOf, type DirectoryEntryInput } from '../directory';
import type { TallyInput } from '../directory-projection';
import { DEMO_INSTANCE_IDS } from './demo-tracks';
import { db } from '../service';
import { batchGet } from '../transact';
import { demoLocationItems } from './demo-organisation';
import { DEMO_USERS } from './demo-people';
import { DEMO_OTHER_PEOPLE } from './demo-others';

/**
 * The large seed's directory counts: tallied chunk by chunk while entries are written,
 * then added to the demo's share for the scopes both share (from the demo's projection records),
 * and written once.
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

/**
 * The demo's share of the counts the generated organisation shares with it: how many demo
 * targets the projectors counted in each (their projection records' `counted`), so running the
 * seed again gives the same totals whatever is already in the counters.
 */
export async function demoCounts(keys: CountKey[]): Promise<Count[]> {
  const wanted = new Set(keys.map(({ scopeId, list }) => `${scopeId}\u0000${list}`));
  const targets = [
    ...demoLocationItems().map((location) => ({ source: 'location', targetId: location.locationId })),
    ...DEMO_USERS.map((user) => ({ source: 'user', targetId: user.id })),
    ...DEMO_OTHER_PEOPLE.map((person) => ({ source: 'user', targetId: person.id })),
  ];
  const records = await batchGet<{ counted?: string[] }>(db().entities.projection, targets);
  const counts = new Map<string, number>();
  for (const record of records) for (const key of record.counted ?? []) if (wanted.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => {
    const [scopeId, list] = key.split('\u0000');
    return { scopeId, list, count };
  });
}

type Figure = { scopeId: string; metric: string; count: number };

/**
 * The large seed's dashboard figures: each generated enrolment's weights summed, plus the demo
 * enrolment's share of the same figures (its projection record), so seeding again gives the same
 * totals.
 */
export function figureTally() {
  const totals = new Map<string, Figure>();
  return {
    add(tallies: TallyInput[]) {
      for (const { scopeId, metric, weight = 1 } of tallies) {
        const key = `${scopeId}\u0000${metric}`;
        const total = totals.get(key) ?? { scopeId, metric, count: 0 };
        total.count += weight;
        totals.set(key, total);
      }
    },
    async withDemoShare(): Promise<Figure[]> {
      const [record] = await batchGet<{ tallied?: string[] }>(db().entities.projection, [{ source: 'dashboard', targetId: DEMO_INSTANCE_IDS.trackInstance }]);
      for (const key of record?.tallied ?? []) {
        const [scopeId, metric, weight] = key.split('\u0000');
        const total = totals.get(`${scopeId}\u0000${metric}`);
        if (total) total.count += Number(weight);
      }
      return [...totals.values()];
    },
  };
}
