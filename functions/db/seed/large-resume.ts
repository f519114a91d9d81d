import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config';
import { documentClient } from '../client';
import type { ParallelWriter } from './large-writer';

type Item = Record<string, unknown>;

/**
 * Items written again before the first missing batch: at most 16 requests of 100 are in flight
 * when a run stops, but a slow request can trail later ones while it is retried (a few seconds
 * under load), so the window is generous. Puts are idempotent: writing a present item again
 * changes nothing.
 */
export const REWRITE_WINDOW = 20_000;

export interface ResumingWriter extends ParallelWriter {
  /** Items found already written and skipped. */
  readonly skipped: number;
}

async function present(item: Item): Promise<boolean> {
  const { Item: found } = await documentClient().send(
    new GetCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true, ProjectionExpression: 'pk' }),
  );
  return Boolean(found);
}

/**
 * Picks up an interrupted large seed (hours on DynamoDB Local) where it stopped. The seed hands
 * the writer the same items in the same batches in the same order on every run, so an
 * interrupted run left a prefix of them, less what was in flight. While resuming, each batch is
 * checked by its last item (one consistent read): present, the batch is skipped; the first batch
 * whose last item is missing ends the resume, and the batches skipped just before it (up to
 * `window` items) are written again with it. From then on every batch is written.
 */
export function resumingWriter(writer: ParallelWriter, window = REWRITE_WINDOW): ResumingWriter {
  let resuming = true;
  let skipped = 0;
  let recent: Item[][] = [];

  const remember = (batch: Item[]) => {
    recent.push(batch);
    let kept = recent.reduce((sum, each) => sum + each.length, 0);
    while (recent.length > 1 && kept - recent[0].length >= window) kept -= recent.shift()!.length;
  };

  return {
    async put(items) {
      const batch = [...items];
      if (resuming && batch.length) {
        if (await present(batch.at(-1)!)) {
          skipped += batch.length;
          remember(batch);
          return;
        }
        resuming = false;
        for (const earlier of recent) {
          skipped -= earlier.length;
          await writer.put(earlier);
        }
        recent = [];
      }
      await writer.put(batch);
    },
    flush: () => writer.flush(),
    get written() {
      return writer.written;
    },
    get skipped() {
      return skipped;
    },
  };
}
