import * as z from 'zod';
import { defineContract } from './contract';
import { transferDecisionSchema, transferListsSchema, transferRefusalSchema, transferRequestSchema, transferViewSchema } from '../schemas/transfer';

/**
 * Transfers of a candidate between conferences (issue 26, item 4), routes of the conference
 * service, for superadmins and those who may update the conference on the side that acts
 * (docs/security.md "Transfers between conferences"). Each route checks the loaded conference
 * or transfer in the caller's scope before the body is read.
 */
const idParam = z.object({ id: z.string().min(1).max(100) });
const governs = { access: 'session', can: ['update', 'Conference'], canAt: 'Conference' } as const;

export const transferContracts = {
  transfers: defineContract({
    id: 'conference.transfers',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/{id}/transfers',
    summary: "A conference's transfers: candidates it asked for (incoming) and candidates other conferences asked it for (outgoing), newest first, 50 of each.",
    ...governs,
    params: idParam,
    response: transferListsSchema,
  }),
  requestTransfer: defineContract({
    id: 'conference.requestTransfer',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/{id}/transfers',
    summary: "The receiving conference asks for a candidate by email, naming the district or church of its own they join; the candidate's conference decides. One transfer of a candidate at a time.",
    ...governs,
    rateLimit: 'transferRequest',
    params: idParam,
    body: transferRequestSchema,
    response: transferViewSchema,
    status: 201,
  }),
  approveTransfer: defineContract({
    id: 'conference.approveTransfer',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/transfer/{id}/approve',
    summary: "The sending conference approves a requested transfer on its version: a background job moves the candidate's enrolments there with their history and files, and the candidate's places; the candidate is told.",
    ...governs,
    params: idParam,
    body: transferDecisionSchema,
    response: transferViewSchema,
  }),
  refuseTransfer: defineContract({
    id: 'conference.refuseTransfer',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/transfer/{id}/refuse',
    summary: 'The sending conference refuses a requested transfer with a reason, on its version: nothing moves; the requester and the candidate are told.',
    ...governs,
    params: idParam,
    body: transferRefusalSchema,
    response: transferViewSchema,
  }),
  cancelTransfer: defineContract({
    id: 'conference.cancelTransfer',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/transfer/{id}/cancel',
    summary: 'The receiving conference withdraws its request before it is decided, on its version.',
    ...governs,
    params: idParam,
    body: transferDecisionSchema,
    response: transferViewSchema,
  }),
};
