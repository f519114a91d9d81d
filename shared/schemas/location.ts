import * as z from 'zod';
import { LOCATION_KINDS } from '../auth/vocabulary';
import { idOf } from '../api/id-list';

/** Location names (SPEC.md section 5): required, trimmed. */
export const locationNameSchema = z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(120, 'Name must be at most 120 characters.');

/** The parent a new location hangs from (SPEC.md section 5: 'Location is required'). */
export const parentIdSchema = idOf('Location is required');

const locationRefSchema = z.object({ id: z.string(), kind: z.string(), name: z.string() });

/** One location as the edit dialogs and pickers see it. */
export const locationSchema = z.object({
  id: z.string(),
  kind: z.enum(LOCATION_KINDS),
  name: z.string(),
  active: z.boolean(),
  /** Optimistic concurrency: send it back with an update; a stale one gets 409. */
  version: z.number().int(),
  /** The jurisdiction of an episcopal area, the episcopal area of a conference ...; absent for jurisdictions. */
  parent: locationRefSchema.nullable(),
  /** Outermost first, ending with this location. */
  ancestorIds: z.array(z.string()),
  /** Episcopal areas: their conferences' names. */
  conferences: z.array(z.string()).optional(),
  /** Conferences: the IANA time zone of their messaging (default America/New_York). */
  timeZone: z.string().optional(),
  /** Conferences: SMS quiet hours, local 'HH:mm' (default 21:00 to 08:00; equal: none). */
  quietHoursStart: z.string().optional(),
  quietHoursEnd: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  /** The background job carrying a change further (a move's descendants, copies of a new name): follow it with `GET /api/job/{id}`. */
  jobId: z.string().optional(),
});
export type LocationView = z.infer<typeof locationSchema>;

/** One row of an admin table or picker: read from the designed lists, no further reads. */
export const locationRowSchema = z.object({
  id: z.string(),
  kind: z.enum(LOCATION_KINDS),
  name: z.string(),
  active: z.boolean(),
  parentId: z.string().optional(),
  parentName: z.string().optional(),
  conferences: z.array(z.string()).optional(),
});
export type LocationRow = z.infer<typeof locationRowSchema>;
