import { batchGet, transact, type TransactionWrite } from '../../../../db/transact';
import { db } from '../../../../db/service';
import { moveWrites, RECORDED_KEYS, recordWrite, type ItemMove, type RecordContext, type RecordedEntity } from './merge-record';

/**
 * The merge job's input: whose things move, and to whom (merge-users.ts writes it, merge-job.ts
 * hands it to each mover), and the merge whose records the movers write (merge-record.ts).
 */
export interface MergeJobInput extends RecordContext {
  fromUserId: string;
  toUserId: string;
}

/**
 * One kind of thing a merged user owns, moving to the target. `movePage` moves up to one
 * page of what the source STILL holds (each item leaves the source in the transaction that
 * puts it on the target, or is dropped there when the target already has it), so repeating
 * a page after a crash is safe and no cursor is needed. A new kind of user-owned data adds
 * its mover to MERGE_MOVERS (merge-movers.ts).
 */
export interface MergeMover {
  /** The kind, as the job's result counts it. */
  name: string;
  /**
   * `after` is the cursor the previous page returned, for movers that leave some items with the
   * source (`kept`, counted as `{name}Kept`) and so cannot rely on the source's list shrinking.
   */
  movePage(merge: MergeJobInput, after?: string): Promise<PageMoved>;
}

export interface PageMoved {
  moved: number;
  more: boolean;
  kept?: number;
  after?: string;
}

/** Items per page: each moves with up to three writes (put, delete, its record), so a page fits one transaction of 100. */
export const MOVE_PAGE = 25;

export type Tx = Parameters<TransactionWrite>[0];

/** The result of moving a page of `items` (`more` when the page was full: another may follow). */
export function pageMoved(items: readonly unknown[]): PageMoved {
  return { moved: items.length, more: items.length >= MOVE_PAGE };
}

/** Where one item goes: `after` is put on the target (none: dropped); `changed` when it is not the same item as on the source. */
export interface ItemDestination {
  after?: Record<string, unknown>;
  changed?: boolean;
}

export interface ItemMoverSpec<T, C> {
  name: string;
  /** The table entity the items are (their records name it; the undo reads and writes it). */
  entity: RecordedEntity;
  /** Up to MOVE_PAGE of the source's items of this kind. */
  read(merge: MergeJobInput): Promise<T[]>;
  /** What the target already holds, when the destination depends on it. */
  targetState?(merge: MergeJobInput): Promise<C>;
  /** Where one item goes. */
  destination(item: T, merge: MergeJobInput, target: C): ItemDestination;
}

/**
 * An item arriving under a key the target already holds (the same tag, a mentor both had) is
 * dropped, not written over: what the target had stays its own, and an undo leaves it.
 */
export async function itemMoves(entity: RecordedEntity, items: readonly Record<string, unknown>[], destinations: readonly ItemDestination[]): Promise<ItemMove[]> {
  const keyOf = RECORDED_KEYS[entity];
  const keyText = (item: Record<string, unknown>) => JSON.stringify(Object.values(keyOf(item)));
  const arriving = destinations.flatMap((destination) => (destination.after ? [keyOf(destination.after)] : []));
  // Read together: what the target holds, and whether each item is still the source's (an index read may trail a move done already).
  const found = await batchGet<Record<string, unknown>>((db().entities as any)[entity], [...arriving, ...items.map(keyOf)], { consistent: true });
  const existing = new Set(found.map(keyText));
  return items.flatMap((before, index): ItemMove[] => {
    if (!existing.has(keyText(before))) return [];
    const { after, changed } = destinations[index];
    if (!after || existing.has(keyText(after))) return [{ entity, before, outcome: 'dropped' }];
    return [{ entity, before, after, outcome: changed ? 'putChanged' : 'put' }];
  });
}

/** A page's moves as writes: each item's put and delete with its record. */
export function recordedWrites(merge: MergeJobInput, mover: string, moves: readonly ItemMove[]): TransactionWrite[] {
  return moves.flatMap((move) => [...moveWrites(move), ...recordWrite(merge, mover, move)]);
}

/** A mover whose page moves in one transaction (items that are not access: no access version to move). */
export function itemMover<T extends Record<string, unknown>, C = undefined>(spec: ItemMoverSpec<T, C>): MergeMover {
  return {
    name: spec.name,
    async movePage(merge) {
      const items = await spec.read(merge);
      if (!items.length) return pageMoved(items);
      const target = (await spec.targetState?.(merge)) as C;
      const moves = await itemMoves(
        spec.entity,
        items,
        items.map((item) => spec.destination(item, merge, target)),
      );
      await transact(recordedWrites(merge, spec.name, moves));
      return pageMoved(items);
    },
  };
}
