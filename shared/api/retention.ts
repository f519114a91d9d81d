import * as z from 'zod';
import { defineContract } from './contract';
import {
  HOLD_RECORD_KINDS,
  holdPlaceSchema,
  legalHoldSchema,
  RETENTION_PAGE_MAX,
  retentionDueSchema,
  retentionPolicySchema,
  retentionPolicyUpdateSchema,
} from '../schemas/retention';

/**
 * Retention schedules and legal holds (issue 25, item 3), routes of the conference service: for
 * superadmins and those who may update the conference (docs/security.md "Retention and legal
 * holds"). Each route checks the loaded conference or record in the caller's scope.
 */
const idParam = z.object({ id: z.string().min(1).max(100) });
const holdParams = z.object({ recordKind: z.enum(HOLD_RECORD_KINDS), recordId: z.string().min(1).max(100) });
const limit = z.coerce.number().int().min(1).max(RETENTION_PAGE_MAX).default(25);
/** A hold list page's cursor, as DynamoDB gives it (opaque, bounded). */
const cursor = z.string().max(1_000).optional();
const governs = { access: 'session', can: ['update', 'Conference'], canAt: 'Conference' } as const;

export const retentionContracts = {
  retentionPolicy: defineContract({
    id: 'conference.retentionPolicy',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/retention/{id}',
    summary: "A conference's retention periods in years (the defaults at version 0 while none is saved); `system` for system tracks and people placed nowhere.",
    ...governs,
    params: idParam,
    response: retentionPolicySchema,
  }),
  updateRetentionPolicy: defineContract({
    id: 'conference.updateRetentionPolicy',
    service: 'conference',
    method: 'PUT',
    path: '/api/conference/retention/{id}',
    summary: "Saves a conference's retention periods (whole years, 1 to 100) on the version read (0: none saved yet); stale: 409. Audited in the conference's History.",
    ...governs,
    params: idParam,
    body: retentionPolicyUpdateSchema,
    response: retentionPolicySchema,
  }),
  retentionPreview: defineContract({
    id: 'conference.retentionPreview',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/retention/{id}/preview',
    summary: "What the next daily purge would remove in the conference: closed records past their period that no legal hold keeps (a page; `more` when there are others).",
    ...governs,
    params: idParam,
    query: z.object({ limit }),
    response: z.object({ data: z.array(retentionDueSchema), more: z.boolean() }),
  }),
  legalHolds: defineContract({
    id: 'conference.legalHolds',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/retention/{id}/holds',
    summary: "The legal holds in force in the conference (people by their primary conference, enrolments by their track's), a page with a cursor.",
    ...governs,
    params: idParam,
    query: z.object({ limit, cursor }),
    response: z.object({ data: z.array(legalHoldSchema), cursor: z.string().nullable() }),
  }),
  legalHold: defineContract({
    id: 'conference.legalHold',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/legal-holds/{recordKind}/{recordId}',
    summary: 'The legal hold of a person or an enrolment (null: never held), for those who govern its conference.',
    ...governs,
    params: holdParams,
    response: legalHoldSchema.nullable(),
  }),
  placeLegalHold: defineContract({
    id: 'conference.placeLegalHold',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/legal-holds/{recordKind}/{recordId}',
    summary: 'Places a legal hold on a person (covering their enrolments) or an enrolment, with a reason: nothing of it is purged or erased until it is lifted. Audited in its History.',
    ...governs,
    params: holdParams,
    body: holdPlaceSchema,
    response: legalHoldSchema,
  }),
  liftLegalHold: defineContract({
    id: 'conference.liftLegalHold',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/legal-holds/{recordKind}/{recordId}/lift',
    summary: 'Lifts the legal hold of a person or an enrolment on the version read (stale: 409). Audited in its History.',
    ...governs,
    params: holdParams,
    body: z.object({ version: z.number().int().min(1) }),
    response: legalHoldSchema,
  }),
};
