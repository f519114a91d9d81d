import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';

/** A merge can be undone for this many days after it (issue 25, item 5); its records expire some days later. */
export const MERGE_UNDO_DAYS = 30;

/** Refusals of Undo merge (422). */
export const NOT_MERGED = 'This user is not merged into another user.';
export const UNDO_TOO_LATE = `A merge can only be undone within ${MERGE_UNDO_DAYS} days.`;
export const UNDO_WHILE_MOVING = 'The merge is still moving items. Try again when it has finished.';
export const ALREADY_UNDONE = 'This merge has already been undone.';

/** Undo a merge: the merged (source) user's id. */
export const undoMergeSchema = z.object({ fromUserId: idSchema });
export type UndoMergeInput = z.infer<typeof undoMergeSchema>;

const personSchema = z.object({ userId: z.string(), label: z.string() });

/** A person's merge that can still be undone (for superadmins, the profile's Undo merge). */
export const mergeUndoStateSchema = z.object({
  undo: z.object({ from: personSchema, to: personSchema, mergedAt: z.string(), undoUntil: z.string() }).nullable(),
});
export type MergeUndoState = z.infer<typeof mergeUndoStateSchema>;

export const mergeUndoneSchema = z.object({
  jobId: z.string(),
  /** False when the kept user's names changed after the merge: they stay as they are. */
  namesRestored: z.boolean(),
});

/** Served by the user service beside Merge Users (user-merge.ts spreads them into its contracts). */
export const userMergeUndoContracts = {
  mergeUndoState: defineContract({
    id: 'user.mergeUndoState', service: 'user', method: 'GET', path: '/api/user/user-profile/{id}/merge-undo', access: 'session', can: ['manage', 'all'],
    summary: "The merge of this person (merged away, or kept) that can still be undone: both people, when, and until when (manage-all callers; null when none).",
    params: z.object({ id: idSchema }),
    response: mergeUndoStateSchema,
  }),
  undoMerge: defineContract({
    id: 'user.undoMerge', service: 'user', method: 'PATCH', path: '/api/user/user-profile/merge/undo', access: 'session', can: ['manage', 'all'], status: 202,
    summary: `Undo a merge within ${MERGE_UNDO_DAYS} days (manage-all callers): in one transaction the merged user is active again, the kept user's names come back if still the merged ones, the email claim returns; a job then moves back what still belongs to the kept user as the merge left it (answered: its id). Refused (422) when too late, while the merge job runs, or when undone already.`,
    body: undoMergeSchema,
    response: mergeUndoneSchema,
  }),
};
