import * as z from 'zod';
import { defineContract } from './contract';
import { jobStartedSchema } from '../schemas/job';
import { idListParam, idOf, idSchema } from './id-list';
import { TRACK_PHASES_MAX } from './limits';
import { booleanText, limitSchema, offsetSchema, pageOf, parentWhereSchema, relationsSchema, searchTextSchema, tableOptionText } from './list-query';
import { PHASE_DIRECTIONS, phaseInputSchema, phaseSchema } from '../schemas/track';

/**
 * Phases of a track template (SPEC.md sections 4 and 7): ordered from 1; add, edit, move
 * left or right, delete when empty (the rest renumbered in the same transaction). Changes to
 * one track's phase list are serialised; phases copied from another track (origin) are locked.
 */
const base = '/api/phase';
const version = { version: z.number({ error: 'version is required' }).int().min(1) };
const phaseCreate = phaseInputSchema.extend({ trackTemplateId: idOf('Track is required.') });
const phaseChanges = phaseInputSchema.extend(version);

/** The generic lists read one track's phases (at most TRACK_PHASES_MAX): there is no list of every phase. */
export const PHASE_LIST_NEEDS_TRACK = 'where[trackTemplateId] is required: phases are listed one track at a time.';
const where = parentWhereSchema({ trackTemplateId: idOf(PHASE_LIST_NEEDS_TRACK), name: searchTextSchema.optional() }, PHASE_LIST_NEEDS_TRACK);
const noRelations = relationsSchema([] as const);
const listQuery = z.object({ where, limit: limitSchema, offset: offsetSchema, relations: noRelations });
const read = { access: 'session', can: ['read', 'TrackTemplate'] } as const;
const write = { access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference' } as const;

export const phaseApi = {
  create: defineContract({
    id: 'phase.create', service: 'phase', method: 'POST', path: `${base}/create-phase`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference', status: 201,
    summary: 'Adds a phase at the end of a track template.', body: phaseInputSchema.extend({ trackTemplateId: idOf('Track is required.') }), response: phaseSchema,
  }),
  update: defineContract({
    id: 'phase.update', service: 'phase', method: 'POST', path: `${base}/update-phase`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference',
    summary: 'Renames or describes a phase, based on the version read (not a copied one).', body: phaseInputSchema.extend({ id: idSchema, ...version }), response: phaseSchema,
  }),
  updateOrder: defineContract({
    id: 'phase.updateOrder', service: 'phase', method: 'POST', path: `${base}/update-phase-order`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference',
    summary: "Moves a phase one place LEFT (order > 1) or RIGHT (order < the last); answers the track's phases in their new order.",
    body: z.object({ phaseId: idSchema, direction: z.enum(PHASE_DIRECTIONS, 'Direction must be LEFT or RIGHT.') }),
    response: z.array(phaseSchema),
  }),
  remove: defineContract({
    id: 'phase.remove', service: 'phase', method: 'DELETE', path: `${base}/delete-phase/{id}`, access: 'session', can: ['update', 'TrackTemplate'], canAt: 'Conference', status: 204,
    summary: 'Deletes a phase that has no steps; the phases after it move up (renumbered from 1 in the same transaction).', params: z.object({ id: idSchema }), response: z.null(),
  }),
  getPhase: defineContract({
    id: 'phase.getPhase', service: 'phase', method: 'GET', path: `${base}/get-phase/{id}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: 'One phase.', params: z.object({ id: idSchema }), response: phaseSchema,
  }),
  getPhases: defineContract({
    id: 'phase.getPhases', service: 'phase', method: 'GET', path: `${base}/get-phases/{ids}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: 'Phases by a comma-separated id list (unknown ids and those of tracks the caller does not read are left out).', params: z.object({ ids: idListParam }), response: z.array(phaseSchema),
  }),
  byTrack: defineContract({
    id: 'phase.byTrack', service: 'phase', method: 'GET', path: `${base}/get-phases/track-template/{id}`, access: 'session', can: ['read', 'TrackTemplate'],
    summary: "A track template's phases in order.", params: z.object({ id: idSchema }), response: z.array(phaseSchema),
  }),
  importPhase: defineContract({
    id: 'phase.importPhase', service: 'phase', method: 'POST', path: `${base}/import-phase/phase/{phaseId}/track-template/{trackTemplateId}`, access: 'session',
    can: ['update', 'TrackTemplate'], canAt: 'Conference', status: 202,
    summary: 'Starts a background job copying a phase of a track the caller reads, with its steps, to the end of a track they edit; the phase shows once the job has succeeded.',
    params: z.object({ phaseId: idSchema, trackTemplateId: idSchema }),
    response: jobStartedSchema,
  }),

  // The generic set (SPEC.md section 7): aliases of the calls above, through the same functions.
  list: defineContract({
    id: 'phase.list', service: 'phase', method: 'GET', path: base, ...read,
    summary: "A page of one track's phases in order (as get-phases/track-template/{id}); where[trackTemplateId] is required.", query: listQuery, response: z.array(phaseSchema),
  }),
  quickSearch: defineContract({
    id: 'phase.quickSearch', service: 'phase', method: 'GET', path: `${base}/quickSearch`, ...read, rateLimit: 'search',
    summary: "A page of one track's phases in order, those whose name starts with the text, with the count.",
    query: listQuery.extend({ tableName: tableOptionText.optional(), isQuickSearch: booleanText.optional() }), response: pageOf(phaseSchema),
  }),
  count: defineContract({
    id: 'phase.count', service: 'phase', method: 'GET', path: `${base}/count`, ...read,
    summary: "How many phases a track has (whose name starts with the text).", query: z.object({ where }), response: z.number().int(),
  }),
  query: defineContract({
    id: 'phase.query', service: 'phase', method: 'POST', path: `${base}/query`, ...read,
    summary: "A page of one track's phases, the filters in the body.", body: z.object({ where, limit: limitSchema, offset: offsetSchema }), response: z.array(phaseSchema),
  }),
  search: defineContract({
    id: 'phase.search', service: 'phase', method: 'POST', path: `${base}/search`, ...read, rateLimit: 'search',
    summary: "One track's phases whose name starts with the text, in order.", body: z.object({ where, limit: limitSchema, relations: noRelations }), response: z.array(phaseSchema),
  }),
  get: defineContract({
    id: 'phase.get', service: 'phase', method: 'GET', path: `${base}/{id}`, ...read,
    summary: 'One phase (as get-phase/{id}).', params: z.object({ id: idSchema }), query: z.object({ relations: noRelations }), response: phaseSchema,
  }),
  createGeneric: defineContract({
    id: 'phase.createGeneric', service: 'phase', method: 'POST', path: base, ...write, status: 201,
    summary: 'Adds a phase at the end of a track template (as create-phase).', body: phaseCreate, response: phaseSchema,
  }),
  bulk: defineContract({
    id: 'phase.bulk', service: 'phase', method: 'POST', path: `${base}/bulk`, ...write, status: 201,
    summary: `Adds phases at the end of one track template in one transaction, each as create-phase does: all or none, at most ${TRACK_PHASES_MAX} phases a track.`,
    body: z
      .array(phaseCreate)
      .min(1, 'Give at least one phase.')
      .max(TRACK_PHASES_MAX, `A track holds at most ${TRACK_PHASES_MAX} phases.`)
      .refine((phases) => new Set(phases.map((phase) => phase.trackTemplateId)).size === 1, 'The phases of one bulk call belong to one track.'),
    response: z.array(phaseSchema),
  }),
  updateById: defineContract({
    id: 'phase.updateById', service: 'phase', method: 'PATCH', path: `${base}/{id}`, ...write,
    summary: 'Renames or describes a phase on the version read (as update-phase); a stale version is 409.', params: z.object({ id: idSchema }), body: phaseChanges, response: phaseSchema,
  }),
  updateGeneric: defineContract({
    id: 'phase.updateGeneric', service: 'phase', method: 'PATCH', path: base, ...write,
    summary: 'Renames or describes a phase named in the body by id (as update-phase).', body: phaseChanges.extend({ id: idSchema }), response: phaseSchema,
  }),
  removeById: defineContract({
    id: 'phase.removeById', service: 'phase', method: 'DELETE', path: `${base}/{id}`, ...write, status: 204,
    summary: 'Deletes a phase that has no steps (as delete-phase/{id}).', params: z.object({ id: idSchema }), response: z.null(),
  }),
  removeGeneric: defineContract({
    id: 'phase.removeGeneric', service: 'phase', method: 'DELETE', path: base, ...write, status: 204,
    summary: 'Deletes a phase named in the body by id (as delete-phase/{id}).', body: z.object({ id: idSchema }), response: z.null(),
  }),
};
export type PhaseApi = typeof phaseApi;
