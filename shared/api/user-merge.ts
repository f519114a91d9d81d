import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { jobStartedSchema } from '../schemas/job';
import { firstNameSchema, lastNameSchema } from '../schemas/user';
import { userMergeUndoContracts } from './user-merge-undo';

/** SPEC.md section 5 (Merge): the two users must differ. */
export const MERGE_SAME_USER = 'Choose two different users.';
/** The source was merged already: a merge cannot be applied twice. */
export const ALREADY_MERGED = 'This user has already been merged.';
/** The target was itself merged away: merge into the user it was merged into. */
export const TARGET_MERGED = 'The user to merge into has been merged into another user.';
/** A kept name must be one of the two users' (SPEC.md section 5: the user chooses which to keep). */
export const KEEP_ONE_OF_THEIR_NAMES = "Choose one of the two users' names.";

const NAME_MAX = 60;

/** Merge Users (SPEC.md sections 5 and 7): which user goes into which, and the names the kept user ends with. */
export const mergeUsersSchema = z
  .object({
    fromUserId: idSchema,
    toUserId: idSchema,
    firstName: firstNameSchema.max(NAME_MAX, `First Name must be at most ${NAME_MAX} characters`),
    middleName: z.string().trim().max(NAME_MAX, `Middle Name must be at most ${NAME_MAX} characters`).optional(),
    lastName: lastNameSchema.max(NAME_MAX, `Last Name must be at most ${NAME_MAX} characters`),
  })
  .refine((merge) => merge.fromUserId !== merge.toUserId, { path: ['toUserId'], message: MERGE_SAME_USER });
export type MergeUsersInput = z.infer<typeof mergeUsersSchema>;

/** The user service's merge route; shared/api/user.ts adds it to userApi. */
export const userMergeContracts = {
  merge: defineContract({
    id: 'user.merge', service: 'user', method: 'PATCH', path: '/api/user/user-profile/merge', access: 'session', can: ['manage', 'all'], status: 202,
    summary:
      "Merge Users (manage-all callers): in one transaction the source becomes inactive and merged into the target (`mergedUserId`), the target takes the chosen names, the source's email claim passes to the target and the source's sessions end; it cannot be applied twice. Everything the source owns then moves to the target in a background job (answered: its id).",
    body: mergeUsersSchema,
    response: jobStartedSchema,
  }),
  ...userMergeUndoContracts,
};
