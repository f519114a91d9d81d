import type { QueryInput } from '@shared/api/contract';
import type { TrackApi } from '@shared/api/track';
import { AUTOCOMPLETE_LIMITS } from '@shared/api/limits';
import { NO_CONFERENCE_ID, type TrackCopyForm, type TrackInput } from '@shared/schemas/track';
import type { SelectOption } from '../../components/ui';
import { call } from '../../lib/api/client';
import { locationOptions } from '../../lib/locations/location-options';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';

export type TrackPageQuery = QueryInput<TrackApi['quickSearch']>;

/** The 'System' choice of conference pickers: tracks with no conference (SPEC.md section 2). */
export const SYSTEM_OPTION: SelectOption = { id: NO_CONFERENCE_ID, label: 'System' };

/**
 * The conference pickers of the track dialogs and filters: the location search every location
 * picker uses (on the server, first 10 by name); `withSystem` adds 'System' first while the text
 * could still be it.
 */
export async function conferenceOptions(text: string, withSystem: boolean): Promise<SelectOption[]> {
  const conferences = await locationOptions('Conference', text);
  return withSystem && SYSTEM_OPTION.label.toLowerCase().startsWith(text.trim().toLowerCase()) ? [SYSTEM_OPTION, ...conferences] : conferences;
}

/** Whether the caller has any conference to pick (SPEC.md section 8: 'There are no conferences assigned to this user...' when not): one row of the same search. */
export function useHasConferences(): { hasConferences: boolean | undefined; error: unknown } {
  const first = useApi(routes.conference.quickSearch, { query: { limit: 1, offset: 0 } });
  return { hasConferences: first.data ? first.data.data.length > 0 : undefined, error: first.error };
}

/** A conference's active tracks as picker options ('0': the system tracks), matching the typed text. */
export async function trackOptions(conferenceId: string, text: string): Promise<SelectOption[]> {
  const name = text.trim();
  const tracks = await call(routes.track.byConference, { params: { conferenceId }, query: { limit: AUTOCOMPLETE_LIMITS.track, ...(name ? { name } : {}) } });
  return tracks.map((track) => ({ id: track.id, label: track.name }));
}

/** SPEC.md section 8: an import picker with nothing to pick (no track templates, phases or steps under the choice above). */
export const NO_TEMPLATES_MESSAGE = 'No Available Templates';

/** What a copy or import job made: the new track (and, for a phase import, the phase). */
export type TrackCopyResult = { trackTemplateId: string; phaseId?: string };

/** Copy from Existing: a job copies the system track; its result names the new track. */
export const copyTrack = (form: TrackCopyForm) =>
  call(routes.track.copy, { params: { trackTemplateId: form.sourceTrackTemplateId, conferenceId: form.conferenceId }, body: { name: form.name, description: form.description } });

/** Import from Existing: a job copies another conference's track. */
export const importTrack = (form: TrackCopyForm) =>
  call(routes.track.importTemplate, { params: { trackTemplateId: form.sourceTrackTemplateId, conferenceId: form.conferenceId }, body: { name: form.name, description: form.description } });

/** The caller's own enrolments and assignments (/tracks' Participating and Assignments). */
export function useAssignedTracks() {
  return useApi(routes.track.assignedTracks, {}, { revalidateOnMount: true });
}

export function useTrackOutline(trackTemplateId: string) {
  return useApi(routes.track.trackTemplate, { params: { trackTemplateId } }, { revalidateOnMount: true });
}

export const createTrack = (body: TrackInput) => call(routes.track.create, { body });

export const updateTrack = (trackTemplateId: string, body: { name: string; description: string; reminderDays: number; escalationDays: number; conferenceId?: string; version: number }) =>
  call(routes.track.update, { params: { trackTemplateId }, body });

export const deactivateTrack = (trackTemplateId: string) => call(routes.track.deactivate, { params: { trackTemplateId } });

export const deleteTrack = (trackTemplateId: string) => call(routes.track.remove, { params: { trackTemplateId } });

export const createPhase = (body: { trackTemplateId: string; name: string; description: string }) => call(routes.phase.create, { body });

export const updatePhase = (body: { id: string; name: string; description: string; version: number }) => call(routes.phase.update, { body });

export const movePhase = (phaseId: string, direction: 'LEFT' | 'RIGHT') => call(routes.phase.updateOrder, { body: { phaseId, direction } });

export const deletePhase = (id: string) => call(routes.phase.remove, { params: { id } });

/** A track's phases as picker options, '{order}. {name}', matching the typed text. */
export async function phaseOptions(trackTemplateId: string, text: string): Promise<SelectOption[]> {
  const wanted = text.trim().toLowerCase();
  const phases = await call(routes.phase.byTrack, { params: { id: trackTemplateId } });
  return phases.map((phase) => ({ id: phase.id, label: `${phase.order}. ${phase.name}` })).filter((option) => option.label.toLowerCase().includes(wanted));
}

/** A phase's steps as picker options, in dependency order, matching the typed text. */
export async function stepOptions(phaseId: string, text: string): Promise<SelectOption[]> {
  const wanted = text.trim().toLowerCase();
  const steps = await call(routes.step.importableSteps, { params: { id: phaseId } });
  return steps.map((step) => ({ id: step.id, label: step.name })).filter((option) => option.label.toLowerCase().includes(wanted));
}

/** Phase import: a job copies the phase with its steps to the end of the track. */
export const importPhase = (phaseId: string, trackTemplateId: string) => call(routes.phase.importPhase, { params: { phaseId, trackTemplateId } });
