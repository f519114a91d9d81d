import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { jobStartedSchema } from '../schemas/job';

/** What the link route answers when the caller has no finished packet of this enrolment. */
export const NO_FINISHED_PACKET = 'No finished packet of this enrolment. Make one first.';
/** A packet past its days (shared/files/data-exports.ts EXPORT_ARCHIVE_DAYS): it is deleted. */
export const PACKET_EXPIRED = 'This packet has expired. Make a new one.';
/** One packet per enrolment per requester at a time. */
export const PACKET_RUNNING = 'A packet of this enrolment is already being made.';

export const PACKET_PAGE_SIZES = ['A4', 'Letter'] as const;

export const packetRequestSchema = z.object({
  pageSize: z.enum(PACKET_PAGE_SIZES, 'Page size must be A4 or Letter.').default('A4'),
});
export type PacketRequest = z.input<typeof packetRequestSchema>;

/** A finished packet, as the job's result says it. */
export const packetResultSchema = z.object({
  fileName: z.string(),
  bytes: z.number().int().nonnegative(),
  pages: z.number().int().positive(),
  expiresAt: z.string(),
});
export type PacketResult = z.infer<typeof packetResultSchema>;

/**
 * The candidate packet (issue 27, item 5); shared/api/track.ts adds these to trackApi. Whoever may
 * open the enrolment makes one (403 otherwise, 404 for none): a PDF of what they may see of it, made
 * by a background job and watermarked with their name and the time.
 */
export const candidatePacketContracts = {
  startPacket: defineContract({
    id: 'track.startPacket', service: 'track', method: 'POST', path: '/api/track/track-instance/{id}/packet', access: 'session', can: ['read', 'TrackInstance'], status: 202,
    summary:
      "Makes the candidate packet of an enrolment, for those who may open it: a background job writes one tagged PDF of the profile summary, each phase and step with its status, the answers, decisions and the documents the caller may read (private content they may not view as its name and the notice), watermarked with their name and the time (answered: its id). One packet per enrolment and requester at a time (409).",
    params: z.object({ id: idSchema }),
    body: packetRequestSchema,
    response: jobStartedSchema,
  }),
  packetLink: defineContract({
    id: 'track.packetLink', service: 'track', method: 'GET', path: '/api/track/track-instance/{id}/packet/link', access: 'session', can: ['read', 'TrackInstance'], readLog: 'packet',
    summary:
      "The caller's finished packet of this enrolment: a download link that works for 15 minutes (the file is deleted 7 days after it was made). Only the requester, while they may still open the enrolment. Recorded in the candidate's read-access log before the link is signed.",
    params: z.object({ id: idSchema }),
    response: z.object({ url: z.string(), name: z.string() }),
  }),
};
