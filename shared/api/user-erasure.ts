import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { jobStartedSchema } from '../schemas/job';

/**
 * Erasure of a person (issue 25, item 4): a superadmin anonymises someone everywhere and deletes
 * their files, unless a legal hold or a retention rule keeps them; the preview says what would go
 * and, when refused, which record keeps it and until when (docs/security.md "Erasure").
 */

/** What an erased person is called wherever their name stays (an assignee, a comment's author). */
export const ERASED_NAME = { firstName: 'Erased', lastName: 'person' } as const;

export const ERASE_CONFIRM_LABEL = "Type the person's full name to confirm";
export const ERASE_NAME_MISMATCH = "The name typed is not this person's full name.";
export const ERASE_SELF = 'You cannot erase yourself.';
export const ALREADY_ERASED = 'This person has been erased already.';
export const ERASE_MERGED = 'This person was merged into another: erase the person they were merged into instead.';

/** Why a person cannot be erased now (each names the record and, where it ends, when). */
export const ERASURE_REASON_KINDS = ['hold', 'openEnrolment', 'keptEnrolment', 'tooManyEnrolments', 'self', 'erased', 'merged'] as const;

export const erasureReasonSchema = z.object({
  kind: z.enum(ERASURE_REASON_KINDS),
  message: z.string(),
  /** The day the rule stops keeping the record (ISO date), when it has one. */
  until: z.string().optional(),
});
export type ErasureReason = z.infer<typeof erasureReasonSchema>;

export const erasurePreviewSchema = z.object({
  userId: z.string(),
  /** The person's current "First Last": the text the confirmation must equal. */
  fullName: z.string(),
  version: z.number().int(),
  /** Empty: erasure is allowed. */
  reasons: z.array(erasureReasonSchema),
  /** What erasure removes or anonymises, counted (each count read a bounded page at most). */
  erases: z.object({
    aliases: z.number().int(),
    tags: z.number().int(),
    comments: z.number().int(),
    mentorLinks: z.number().int(),
    memberships: z.number().int(),
    files: z.number().int(),
    enrolments: z.number().int(),
  }),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

const FULL_NAME_MAX = 250;

export const eraseUserSchema = z.object({
  fullName: z.string().trim().min(1, 'Required').max(FULL_NAME_MAX, `At most ${FULL_NAME_MAX} characters`),
  version: z.number().int().min(0),
});
export type EraseUserInput = z.infer<typeof eraseUserSchema>;

const params = z.object({ id: idSchema });

/** The user service's erasure routes; shared/api/user.ts adds them to userApi. */
export const userErasureContracts = {
  erasurePreview: defineContract({
    id: 'user.erasurePreview', service: 'user', method: 'GET', path: '/api/user/user-profile/{id}/erasure', access: 'session', can: ['manage', 'all'],
    summary: "Superadmins: what erasing the person would remove (counts), and why it is refused now (a legal hold, an open enrolment, an enrolment inside its retention period: each named, with when it ends).",
    params,
    response: erasurePreviewSchema,
  }),
  erase: defineContract({
    id: 'user.erase', service: 'user', method: 'POST', path: '/api/user/user-profile/{id}/erase', access: 'session', can: ['manage', 'all'], status: 202,
    summary:
      "Erases a person (superadmins; not oneself), confirmed by their full name typed (400 otherwise) on the version read (stale 409); refused (422, saying which and when) while a legal hold or a retention rule keeps them. One transaction anonymises them, releases their email and marks them erased; a background job (answered: its id) removes the rest.",
    params,
    body: eraseUserSchema,
    response: jobStartedSchema,
  }),
};
