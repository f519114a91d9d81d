import { z } from 'zod';
import { defineContract } from './contract';
import { jobStartedSchema } from '../schemas/job';
import { assignedTracksSchema } from '../schemas/assigned-tracks';
import { ASSIGNED_TRACKS_MAX } from './limits';
import { ID_LIST_MAX, idOf, idSchema } from './id-list';
import { booleanText, limitSchema, offsetSchema, pageOf, searchTextSchema, whereSchema } from './list-query';
import {
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
    id: 'track.create', service: 'track', method: 'POST', path: `${base}/create-track-template`, access: 'session', can: ['create', 'TrackTemplate'], status: 201,
    summary: "Creates a track template in a conference ('0': a system track, superadmins only).", body: trackInputSchema, response: trackTemplateSchema,
  }),
  update: defineContract({
    id: 'track.update', service: 'track', method: 'PATCH', path: `${base}/update-track-template/{trackTemplateId}`, access: 'session', can: ['update', 'TrackTemplate'],
    summary: 'Renames, describes or moves a track template to another conference (not while copies exist), based on the version read.',
    params: byTrack,
    body: z.object({ name: trackNameSchema.optional(), description: trackDescriptionSchema.optional(), conferenceId: trackConferenceIdSchema.optional(), ...version }),
    response: trackTemplateSchema,
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
    id: 'track.remove', service: 'track', method: 'POST', path: `${base}/delete-track/{trackTemplateId}`, access: 'session', can: ['delete', 'TrackTemplate'], status: 202,
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
    id: 'track.copy', service: 'track', method: 'POST', path: `${base}/copy-track/{trackTemplateId}/{conferenceId}`, access: 'session', can: ['create', 'TrackTemplate'], status: 202,
    summary: 'Copy from Existing: starts a background job copying a system track (phases, steps, contents, actions) into a conference; the copy shows once the job has succeeded.',
    params: z.object({ trackTemplateId: idSchema, conferenceId: trackConferenceIdSchema }),
    body: copyTexts,
    response: jobStartedSchema,
  }),
  importTemplate: defineContract({
    id: 'track.importTemplate', service: 'track', method: 'POST', path: `${base}/import-track-template/track-template/{trackTemplateId}/conference/{conferenceId}`, access: 'session',
    can: ['create', 'TrackTemplate'], status: 202,
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
    id: 'track.quickSearch', service: 'track', method: 'GET', path: `${base}/quickSearch`, access: 'session', can: ['read', 'TrackTemplate'],
    summary:
      "The Track Templates table: a page by name with SPEC.md's filters (name prefix, one conference or '0', active and inactive). `count` is exact up to the page, plus one while more rows exist.",
    query: z.object({ limit: limitSchema, offset: offsetSchema, where: listWhere }),
    response: pageOf(trackTemplateSchema),
  }),
};
export type TrackApi = typeof trackApi;
