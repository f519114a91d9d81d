import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { packTransactions, transact, type TransactionItem } from '../../db/transact';

/**
 * Deleting what an instance's partition holds (`trackInstanceAggregate`: the instance, its
 * assignees, step, content, action and form instances, committee ballots, panel interviews and their answers), a page at a time. Deletes are safe to
 * repeat, so a crash part way leaves what the next call finishes. Files named by upload
 * contents and form answers are handed to the `releaseFile` outbox worker in the transaction
 * that deletes the item naming them (it removes each once nothing uses it).
 */
const PAGE = 90;

type Collected = {
  trackInstance: Array<{ trackInstanceId: string }>;
  trackAssignee: Array<{ trackInstanceId: string; roleId: string; assigneeId: string }>;
  stepInstance: Array<{ trackInstanceId: string; stepInstanceId: string }>;
  stepContentInstance: Array<{ trackInstanceId: string; stepInstanceId: string; contentInstanceId: string; upload?: { files?: Array<{ fileKey: string }> } }>;
  stepActionInstance: Array<{ trackInstanceId: string; stepInstanceId: string; actionInstanceId: string }>;
  formInstance: Array<{ trackInstanceId: string; formInstanceId: string; fieldFiles?: unknown }>;
  committeeBallot?: Array<{ trackInstanceId: string; actionInstanceId: string; round: number; userId: string }>;
  panelInterview?: Array<{ trackInstanceId: string; actionInstanceId: string }>;
  panelAvailability?: Array<{ trackInstanceId: string; actionInstanceId: string; userId: string }>;
};

/** The keys a form's answers name (`fieldFiles`: a list of file keys). */
const fieldFileKeys = (fieldFiles: unknown): string[] => (Array.isArray(fieldFiles) ? fieldFiles.filter((key): key is string => typeof key === 'string') : []);

export function releaseFileWrites(keys: readonly string[]): TransactionItem[] {
  return [...new Set(keys)].map((key): TransactionItem => (tx) => tx.outbox.create({ outboxId: newId(), kind: 'releaseFile', payload: { key } }).commit());
}


/** The delete groups of one page of the partition; `keepInstance` leaves the instance item (deleted by the caller's own write). */
function deleteGroups(page: Collected, keepInstance: boolean): TransactionItem[][] {
  const groups: TransactionItem[][] = [];
  if (!keepInstance) for (const item of page.trackInstance) groups.push([(tx) => tx.trackInstance.delete({ trackInstanceId: item.trackInstanceId }).commit()]);
  for (const item of page.trackAssignee) groups.push([(tx) => tx.trackAssignee.delete({ trackInstanceId: item.trackInstanceId, roleId: item.roleId, assigneeId: item.assigneeId }).commit()]);
  for (const item of page.stepInstance) groups.push([(tx) => tx.stepInstance.delete({ trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId }).commit()]);
  for (const item of page.committeeBallot ?? []) {
    groups.push([(tx) => tx.committeeBallot.delete({ trackInstanceId: item.trackInstanceId, actionInstanceId: item.actionInstanceId, round: item.round, userId: item.userId }).commit()]);
  }
  for (const item of page.panelInterview ?? []) groups.push([(tx) => tx.panelInterview.delete({ trackInstanceId: item.trackInstanceId, actionInstanceId: item.actionInstanceId }).commit()]);
  for (const item of page.panelAvailability ?? []) {
    groups.push([(tx) => tx.panelAvailability.delete({ trackInstanceId: item.trackInstanceId, actionInstanceId: item.actionInstanceId, userId: item.userId }).commit()]);
  }
  for (const item of page.stepActionInstance) groups.push([(tx) => tx.stepActionInstance.delete({ trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, actionInstanceId: item.actionInstanceId }).commit()]);
  for (const item of page.stepContentInstance) {
    const files = (item.upload?.files ?? []).map((file) => file.fileKey);
    groups.push([(tx) => tx.stepContentInstance.delete({ trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, contentInstanceId: item.contentInstanceId }).commit(), ...releaseFileWrites(files)]);
  }
  for (const item of page.formInstance) {
    groups.push([(tx) => tx.formInstance.delete({ trackInstanceId: item.trackInstanceId, formInstanceId: item.formInstanceId }).commit(), ...releaseFileWrites(fieldFileKeys(item.fieldFiles))]);
  }
  return groups;
}

export async function readPartitionPage(trackInstanceId: string, limit = PAGE): Promise<{ page: Collected; more: boolean; count: number }> {
  const { data, cursor } = await db().collections.trackInstanceAggregate({ trackInstanceId }).go({ limit, consistent: true });
  const page = data as unknown as Collected;
  const count = Object.values(page).reduce((sum, items) => sum + (items as unknown[]).length, 0);
  return { page, more: Boolean(cursor), count };
}

/** The writes deleting one page (all of it when `more` is false). */
export function pageDeletes(page: Collected, keepInstance = false): TransactionItem[][] {
  return packTransactions(deleteGroups(page, keepInstance));
}

/** Deletes one page of what is left; returns how many items it deleted (0: the partition is empty). */
export async function deletePartitionPage(trackInstanceId: string): Promise<number> {
  const { page, count } = await readPartitionPage(trackInstanceId);
  for (const items of pageDeletes(page)) await transact(items);
  return count;
}
