import { db } from '../../functions/db/service';
import { readPartitionPage } from '../../functions/core/enrolments/instance-partition';
import { forEachConcurrently } from '../../functions/lib/concurrency';
import type { RetentionScaleSeed } from './retention-scale-seed';

/**
 * After the purge: each purged enrolment's partition empty and its case the purged marker;
 * each held or completed one whole (instance and 8 parts) with its case still waiting.
 * Returns what is wrong, one line per enrolment (empty: all as expected).
 */
const READS_IN_FLIGHT = 8;

async function stateOf(trackInstanceId: string): Promise<{ items: number; purged: boolean }> {
  const [{ count }, { data }] = await Promise.all([
    readPartitionPage(trackInstanceId, 100),
    db().entities.retentionCase.get({ recordKind: 'TrackInstance', recordId: trackInstanceId }).go({ consistent: true }),
  ]);
  return { items: count, purged: Boolean(data?.purgedAt) };
}

export async function retentionScaleProblems(seed: RetentionScaleSeed, keptItems: number): Promise<string[]> {
  const problems: string[] = [];
  await forEachConcurrently(
    seed.purgeable,
    async (id) => {
      const { items, purged } = await stateOf(id);
      if (items > 0 || !purged) problems.push(`${id}: meant to be purged, ${items} items left, marker ${purged}`);
    },
    READS_IN_FLIGHT,
  );
  for (const id of [...seed.held, ...seed.completed]) {
    const { items, purged } = await stateOf(id);
    if (items !== keptItems || purged) problems.push(`${id}: meant to stay, ${items} items of ${keptItems}, marker ${purged}`);
  }
  return problems;
}
