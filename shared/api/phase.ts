import { z } from 'zod';
import { defineContract } from './contract';
import { jobStartedSchema } from '../schemas/job';
import { idListParam, idOf, idSchema } from './id-list';
import { PHASE_DIRECTIONS, phaseInputSchema, phaseSchema } from '../schemas/track';

/**
 * Phases of a track template (SPEC.md sections 4 and 7): ordered from 1; add, edit, move
 * left or right, delete when empty (the rest renumbered in the same transaction). Changes to
 * one track's phase list are serialised; phases copied from another track (origin) are locked.
 */
const base = '/api/phase';
const version = { version: z.number({ error: 'version is required' }).int().min(1) };

export const phaseApi = {
  create: defineContract({
    id: 'phase.create', service: 'phase', method: 'POST', path: `${base}/create-phase`, access: 'session', can: ['update', 'TrackTemplate'], status: 201,
    summary: 'Adds a phase at the end of a track template.', body: phaseInputSchema.extend({ trackTemplateId: idOf('Track is required.') }), response: phaseSchema,
  }),
  update: defineContract({
    id: 'phase.update', service: 'phase', method: 'POST', path: `${base}/update-phase`, access: 'session', can: ['update', 'TrackTemplate'],
    summary: 'Renames or describes a phase, based on the version read (not a copied one).', body: phaseInputSchema.extend({ id: idSchema, ...version }), response: phaseSchema,
  }),
  updateOrder: defineContract({
    id: 'phase.updateOrder', service: 'phase', method: 'POST', path: `${base}/update-phase-order`, access: 'session', can: ['update', 'TrackTemplate'],
    summary: "Moves a phase one place LEFT (order > 1) or RIGHT (order < the last); answers the track's phases in their new order.",
    body: z.object({ phaseId: idSchema, direction: z.enum(PHASE_DIRECTIONS, 'Direction must be LEFT or RIGHT.') }),
    response: z.array(phaseSchema),
  }),
  remove: defineContract({
    id: 'phase.remove', service: 'phase', method: 'DELETE', path: `${base}/delete-phase/{id}`, access: 'session', can: ['update', 'TrackTemplate'], status: 204,
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
    can: ['update', 'TrackTemplate'], status: 202,
    summary: 'Starts a background job copying a phase of a track the caller reads, with its steps, to the end of a track they edit; the phase shows once the job has succeeded.',
    params: z.object({ phaseId: idSchema, trackTemplateId: idSchema }),
    response: jobStartedSchema,
  }),
};
export type PhaseApi = typeof phaseApi;
