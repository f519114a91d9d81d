import * as z from 'zod';
import { idOf } from '../api/id-list';
import { emailSchema } from './user';

/**
 * Transfers of a candidate between conferences (issue 26, item 4). An admin of the receiving
 * conference requests one by the candidate's email and the district (or church) they join; an
 * admin of the sending conference approves or refuses it; on approval a background job moves the
 * candidate's enrolments in the sending conference, with their complete history, under the
 * receiving conference (each on a copy of its track made for the transfer), and moves the
 * candidate's places there. Both conferences' Transfers lists show it; the candidate is told.
 */
export const TRANSFER_NOTE_MAX = 1_000;
export const TRANSFER_REASON_MAX = 1_000;
/** Transfers one list returns (incoming or outgoing), newest first. */
export const TRANSFER_LIST_MAX = 50;

export const TRANSFER_STATUSES = ['requested', 'refused', 'cancelled', 'moving', 'completed', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** Statuses in which the candidate has a transfer under way (one at a time). */
export const OPEN_TRANSFER_STATUSES: readonly TransferStatus[] = ['requested', 'moving'];

export const TRANSFER_MESSAGES = {
  noCandidate: 'No candidate with that email is enrolled in another conference.',
  severalConferences: 'This candidate is enrolled in more than one other conference. Ask one of them to transfer the candidate first.',
  alreadyOpen: 'A transfer of this candidate is already under way.',
  placeOutside: 'Choose a district or church of this conference.',
  notRequested: 'This transfer has already been decided.',
  openVote: 'A committee vote is open on one of the candidate\'s enrolments. Close it before approving the transfer.',
  legalHold: 'A legal hold is on this candidate\'s records. Lift it before approving the transfer.',
  notFound: 'Transfer not found.',
} as const;

const version = z.number({ error: 'version is required' }).int().min(1);

/** `POST /api/conference/{id}/transfers`: the receiving conference asks for a candidate. */
export const transferRequestSchema = z.object({
  email: emailSchema.max(254, 'Invalid email address'),
  /** A district or church of the receiving conference: where the candidate's enrolments and places go. */
  locationId: idOf(TRANSFER_MESSAGES.placeOutside),
  note: z.string().trim().max(TRANSFER_NOTE_MAX, `A note must be at most ${TRANSFER_NOTE_MAX} characters.`).default(''),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

export const transferDecisionSchema = z.object({ version });
export const transferRefusalSchema = z.object({
  version,
  reason: z.string({ error: 'A reason is required.' }).trim().min(1, 'A reason is required.').max(TRANSFER_REASON_MAX, `A reason must be at most ${TRANSFER_REASON_MAX} characters.`),
});

const personName = z.object({ userId: z.string(), name: z.string() });

export const transferViewSchema = z.object({
  transferId: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  candidate: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  from: z.object({ conferenceId: z.string(), name: z.string() }),
  to: z.object({ conferenceId: z.string(), name: z.string(), locationId: z.string(), locationName: z.string() }),
  note: z.string(),
  reason: z.string().optional(),
  /** The enrolments moving (names of their tracks), known once approved. */
  tracks: z.array(z.string()),
  requestedBy: personName,
  requestedAt: z.string(),
  decidedBy: personName.optional(),
  decidedAt: z.string().optional(),
  completedAt: z.string().optional(),
  /** The moving job, for its progress. */
  jobId: z.string().optional(),
  /** What the caller may do with it now. */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
  version: z.number().int(),
});
export type TransferView = z.infer<typeof transferViewSchema>;

export const transferListsSchema = z.object({ incoming: z.array(transferViewSchema), outgoing: z.array(transferViewSchema) });
export type TransferLists = z.infer<typeof transferListsSchema>;
