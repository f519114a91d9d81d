import { transact, type TransactionWrite } from '../../../../db/transact';

/** The merge job's input: whose things move, and to whom (merge-users.ts writes it, merge-job.ts hands it to each mover). */
export interface MergeJobInput {
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

/** Items per page: each moves with two writes, so a page fits one transaction with room to spare. */
export const MOVE_PAGE = 25;

export type Tx = Parameters<TransactionWrite>[0];

/** The result of moving a page of `items` (`more` when the page was full: another may follow). */
export function pageMoved(items: readonly unknown[]): PageMoved {
  return { moved: items.length, more: items.length >= MOVE_PAGE };
}

export interface ItemMoverSpec<T, C> {
  name: string;
  /** Up to MOVE_PAGE of the source's items of this kind. */
  read(merge: MergeJobInput): Promise<T[]>;
  /** What the target already holds, when the writes depend on it. */
  targetState?(merge: MergeJobInput): Promise<C>;
  /** The writes that move one item: put on the target (or not) and delete from the source. */
  writes(item: T, merge: MergeJobInput, target: C): TransactionWrite[];
}

/** A mover whose page moves in one transaction (items that are not access: no access version to move). */
export function itemMover<T, C = undefined>(spec: ItemMoverSpec<T, C>): MergeMover {
  return {
    name: spec.name,
    async movePage(merge) {
      const items = await spec.read(merge);
      if (!items.length) return pageMoved(items);
      const target = (await spec.targetState?.(merge)) as C;
      await transact(items.flatMap((item) => spec.writes(item, merge, target)));
      return pageMoved(items);
    },
  };
}
