import * as z from 'zod';
import { defineContract } from './contract';
import { jobStartedSchema } from '../schemas/job';
import { enrolledSchema, enrolSchema, instanceRemovalSchema, instanceStatusChangeSchema, trackInstanceViewSchema, verifiedStepsSchema } from '../schemas/track-instance';
import { assignedTracksSchema } from '../schemas/assigned-tracks';
import { trackParticipantContracts } from './track-participants';
import { candidatePacketContracts } from './candidate-packet';
import { ASSIGNED_TRACKS_MAX, BULK_MAX } from './limits';
import { ID_LIST_MAX, idOf, idSchema } from './id-list';
import { booleanText, limitSchema, offsetSchema, pageOf, relationsSchema, searchTextSchema, whereSchema } from './list-query';
import {
  escalationDaysSchema,
  reminderDaysSchema,
  trackConferenceIdSchema,
  trackDescriptionSchema,
  trackInputSchema,
  trackNameSchema,
  trackOutlineSchema,
  trackTemplateSchema,
} from '../schemas/track';

/**
 * Track templates (SPEC.md sections 2 to 7). A conference id of '0' means "no conference":
 * a system track, which only a superadmin edits. Lists read a conference's tracks by name
 * (one Query per conference and status); the editor's outline is one Query of the template.
 */
const base = '/api/track';
const byTrack = z.object({ trackTemplateId: idSchema });
/** Copy and import: the new track's texts (SPEC.md section 5: trimmed, at least 2 characters). */
const copyTexts = z.object({ name: trackNameSchema, description: trackDescriptionSchema });
const version = { version: z.number({ error: 'version is required' }).int().min(1) };
const trackChanges = z.object({
  name: trackNameSchema.optional(),
  description: trackDescriptionSchema.optional(),
  conferenceId: trackConferenceIdSchema.optional(),
  reminderDays: reminderDaysSchema.optional(),
  escalationDays: escalationDaysSchema.optional(),
  ...version,
});
/** A track template has no relations to load: the outline already holds its phases and steps. */
const noRelations = relationsSchema([] as const);
/** The generic count reads the same bounded lists as quickSearch: exact up to this many, one more while further tracks exist. */
export const TRACK_COUNT_MAX = 100;

const listWhere = whereSchema({
  /** Name prefix (case-insensitive). */
  name: searchTextSchema.optional(),
  /** One conference, or '0' for system tracks; absent: every conference the caller reads, and the system tracks. */
  conferenceId: trackConferenceIdSchema.optional(),
  active: booleanText.optional(),
  inactive: booleanText.optional(),
});

export const trackApi = {
  create: defineContract({
    id: 'track.create', service: 'track', method: 'POST', path: `${base}/create-track-template`, access: 'session', can: ['create', 'TrackTemplate'], canAt: 'Conference', status: 201,
    summary: "Creates a track template in a conference ('0': a system track, superadmins only).", body: trackInputSchema, response: trackTemplateSchema,
  }),
  update: defineContract({
    id: 'track.update', service: 'track', method: 'PATCH', path: `${base}/update-track-template/{trackTemplateId}`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference',
    summary: 'Renames, describes or moves a track template to another conference (not while copies exist), or sets its reminder and escalation periods (1 to 90 days), based on the version read.',
    params: byTrack, body: trackChanges, response: trackTemplateSchema,
  }),
  trackTemplate: defineContract({
    id: 'track.trackTemplate', service: 'track', method: 'GET', path: `${base}/track-template/{trackTemplateId}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: "A track template's outline: the template, its phases in order and their step headers (one Query).",
    params: byTrack, response: trackOutlineSchema,
  }),
  deactivate: defineContract({
    id: 'track.deactivate', service: 'track', method: 'POST', path: `${base}/deactivate-track/{trackTemplateId}`, access: 'session', can: ['deactivate', 'TrackTemplate'],
    summary: 'Deactivates a track template; an inactive one is returned unchanged.', params: byTrack, response: trackTemplateSchema,
  }),
  reactivate: defineContract({
    id: 'track.reactivate', service: 'track', method: 'POST', path: `${base}/reactivate-track/{trackTemplateId}`, access: 'session', can: ['deactivate', 'TrackTemplate'],
    summary: 'Makes an inactive track template active again; an active one is returned unchanged.', params: byTrack, response: trackTemplateSchema,
  }),
  remove: defineContract({
    id: 'track.remove', service: 'track', method: 'POST', path: `${base}/delete-track/{trackTemplateId}`, access: 'session', can: ['delete', 'TrackTemplate'], canAt: 'Conference', status: 202,
    summary:
      'Delete Track: marks the template deleting (gone from lists, every write refused) and starts a background job deleting it with its phases and steps; refused while anyone is enrolled in it.',
    params: byTrack, response: jobStartedSchema,
  }),
  isSystemTrackWithCopies: defineContract({
    id: 'track.isSystemTrackWithCopies', service: 'track', method: 'GET', path: `${base}/is-system-track-with-copies/{trackTemplateId}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: 'Whether the track has copies (its conference cannot change until they are removed).', params: byTrack, response: z.boolean(),
  }),
  byConference: defineContract({
    id: 'track.byConference', service: 'track', method: 'GET', path: `${base}/track-templates/conference/{conferenceId}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: "A conference's active track templates by name ('0': the system tracks), for pickers.",
    params: z.object({ conferenceId: idOf('Conference is required.') }),
    query: z.object({ name: searchTextSchema.optional(), limit: z.coerce.number().int().min(1).max(ID_LIST_MAX).default(ID_LIST_MAX) }),
    response: z.array(trackTemplateSchema),
  }),
  copy: defineContract({
    id: 'track.copy', service: 'track', method: 'POST', path: `${base}/copy-track/{trackTemplateId}/{conferenceId}`, access: 'session', can: ['create', 'TrackTemplate'], canAt: 'Conference', status: 202,
    summary: 'Copy from Existing: starts a background job copying a system track (phases, steps, contents, actions) into a conference; the copy shows once the job has succeeded.',
    params: z.object({ trackTemplateId: idSchema, conferenceId: trackConferenceIdSchema }),
    body: copyTexts,
    response: jobStartedSchema,
  }),
  importTemplate: defineContract({
    id: 'track.importTemplate', service: 'track', method: 'POST', path: `${base}/import-track-template/track-template/{trackTemplateId}/conference/{conferenceId}`, access: 'session',
    can: ['create', 'TrackTemplate'], canAt: 'Conference', status: 202,
    summary: "Import from Existing: starts a background job copying another conference's track into a conference; the copy shows once the job has succeeded.",
    params: z.object({ trackTemplateId: idSchema, conferenceId: trackConferenceIdSchema }),
    body: copyTexts,
    response: jobStartedSchema,
  }),
  assignedTracks: defineContract({
    id: 'track.assignedTracks', service: 'track', method: 'GET', path: `${base}/assigned-tracks`, access: 'session',
    summary: `The caller's own enrolments (Participating) and the enrolments they are assigned to (Assignments), at most ${ASSIGNED_TRACKS_MAX} of each, by track name.`,
    response: assignedTracksSchema,
  }),
  quickSearch: defineContract({
    id: 'track.quickSearch', service: 'track', method: 'GET', path: `${base}/quickSearch`, access: 'session', can: ['read', 'TrackTemplate'], rateLimit: 'search',
    summary:
      "The Track Templates table: a page by name with SPEC.md's filters (name prefix, one conference or '0', active and inactive). `count` is exact up to the page, plus one while more rows exist.",
    query: z.object({ limit: limitSchema, offset: offsetSchema, where: listWhere }),
    response: pageOf(trackTemplateSchema),
  }),

  // Track instances (issue 12): enrolment, the participant's track page, status and removal.
  createInstance: defineContract({
    id: 'track.createInstance', service: 'track', method: 'POST', path: `${base}/instance`, access: 'session', can: ['create', 'TrackInstance'], status: 201,
    summary:
      'Enrols participants in a track with their advisors: one transaction per participant (201 `{ trackInstanceIds }`); a track too large for one transaction is enrolled by a background job (202 `{ jobId }`), the instance visible only once complete.',
    body: enrolSchema, response: z.union([enrolledSchema, jobStartedSchema]),
  }),
  updateInstance: defineContract({
    id: 'track.updateInstance', service: 'track', method: 'PATCH', path: `${base}/instance`, access: 'session', can: ['update', 'TrackInstance'],
    summary: "Sets a track instance's status directly (the participant's advisor or a track-override role, never the participant), on the version read.",
    body: instanceStatusChangeSchema, response: trackInstanceViewSchema,
  }),
  removeInstance: defineContract({
    id: 'track.removeInstance', service: 'track', method: 'DELETE', path: `${base}/instance`, access: 'session', can: ['delete', 'TrackInstance'],
    summary:
      'Removes an enrolment on the version read (track-override roles): 200 `{ removed: true }` in one transaction, or 202 `{ jobId }` when a background job deletes the rest after the enrolment is gone.',
    body: instanceRemovalSchema, response: z.union([z.object({ removed: z.literal(true) }), jobStartedSchema]),
  }),
  trackInstance: defineContract({
    id: 'track.trackInstance', service: 'track', method: 'GET', path: `${base}/track-instance/{id}`, access: 'session', can: ['read', 'TrackInstance'],
    summary: "A participant's track page: header, phases with step cards (what locked steps wait for), progress and whether the caller may change the status (3 requests).",
    params: z.object({ id: idSchema }), response: trackInstanceViewSchema,
  }),
  verifyStepInstances: defineContract({
    id: 'track.verifyStepInstances', service: 'track', method: 'GET', path: `${base}/verify-step-instances/{id}`, access: 'session', can: ['read', 'TrackInstance'],
    summary: 'Brings an instance up to date: creates the step instances (with their content, form and action instances) of active step templates added since enrolment. Safe to repeat.',
    params: z.object({ id: idSchema }), response: verifiedStepsSchema,
  }),

  // The generic set (SPEC.md section 7): aliases of the calls above, through the same functions.
  list: defineContract({
    id: 'track.list', service: 'track', method: 'GET', path: base, access: 'session', can: ['read', 'TrackTemplate'],
    summary: "A page of the caller's active track templates by name (quickSearch's list, without filters).",
    query: z.object({ limit: limitSchema, offset: offsetSchema, relations: noRelations }), response: z.array(trackTemplateSchema),
  }),
  count: defineContract({
    id: 'track.count', service: 'track', method: 'GET', path: `${base}/count`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: `How many track templates quickSearch's filters match: exact up to ${TRACK_COUNT_MAX}, one more while further ones exist.`,
    query: z.object({ where: listWhere }), response: z.number().int(),
  }),
  query: defineContract({
    id: 'track.query', service: 'track', method: 'POST', path: `${base}/query`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: "A page of track templates with quickSearch's filters given in the body (name by prefix).",
    body: z.object({ where: listWhere, limit: limitSchema, offset: offsetSchema }), response: z.array(trackTemplateSchema),
  }),
  search: defineContract({
    id: 'track.search', service: 'track', method: 'POST', path: `${base}/search`, access: 'session', can: ['read', 'TrackTemplate'], rateLimit: 'search',
    summary: "Track templates whose name starts with the text (quickSearch's filters), sorted by name.",
    body: z.object({ where: listWhere, limit: limitSchema, relations: noRelations }), response: z.array(trackTemplateSchema),
  }),
  get: defineContract({
    id: 'track.get', service: 'track', method: 'GET', path: `${base}/{trackTemplateId}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: 'A track template\'s outline (as track-template/{trackTemplateId}).', params: byTrack, query: z.object({ relations: noRelations }), response: trackOutlineSchema,
  }),
  createGeneric: defineContract({
    id: 'track.createGeneric', service: 'track', method: 'POST', path: base, access: 'session', can: ['create', 'TrackTemplate'], canAt: 'Conference', status: 201,
    summary: 'Creates a track template (as create-track-template).', body: trackInputSchema, response: trackTemplateSchema,
  }),
  bulk: defineContract({
    id: 'track.bulk', service: 'track', method: 'POST', path: `${base}/bulk`, access: 'session', can: ['create', 'TrackTemplate'], canAt: 'Conference', status: 201,
    summary: `Creates up to ${BULK_MAX} track templates in one transaction, each as create-track-template does: all or none.`,
    body: z.array(trackInputSchema).min(1, 'Give at least one track.').max(BULK_MAX, `At most ${BULK_MAX} tracks at once.`), response: z.array(trackTemplateSchema),
  }),
  updateById: defineContract({
    id: 'track.updateById', service: 'track', method: 'PATCH', path: `${base}/{trackTemplateId}`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference',
    summary: 'Edits a track template on the version read (as update-track-template); a stale version is 409.', params: byTrack, body: trackChanges, response: trackTemplateSchema,
  }),
  updateGeneric: defineContract({
    id: 'track.updateGeneric', service: 'track', method: 'PATCH', path: base, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference',
    summary: 'Edits a track template named in the body by id (as PATCH /track/{trackTemplateId}).', body: trackChanges.extend({ id: idSchema }), response: trackTemplateSchema,
  }),
  removeById: defineContract({
    id: 'track.removeById', service: 'track', method: 'DELETE', path: `${base}/{trackTemplateId}`, access: 'session', can: ['delete', 'TrackTemplate'], canAt: 'Conference', status: 202,
    summary: 'Delete Track (as delete-track): starts the background job deleting the template; refused while anyone is enrolled.', params: byTrack, response: jobStartedSchema,
  }),
  removeGeneric: defineContract({
    id: 'track.removeGeneric', service: 'track', method: 'DELETE', path: base, access: 'session', can: ['delete', 'TrackTemplate'], canAt: 'Conference', status: 202,
    summary: 'Delete Track for a template named in the body by id (as delete-track).', body: z.object({ id: idSchema }), response: jobStartedSchema,
  }),
  ...trackParticipantContracts,
  ...candidatePacketContracts,
};
export type TrackApi = typeof trackApi;
