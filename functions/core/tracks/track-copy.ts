import { TRACK_PHASES_MAX, TRACK_STEPS_MAX } from '../../../shared/api/limits';
import { newJob } from '../../db/jobs';
import { transact } from '../../db/transact';
import { ForbiddenError, HttpError, ValidationError } from '../../lib/errors';
import { phasesOf, requirePhase, TRACK_PHASES_FULL_MESSAGE } from './phase-editor';
import { stepCountOfTrack, TRACK_FULL_MESSAGE } from './step-editor';
import { stepsOfPhase } from './step-store';
import { isSystemTrack, mayActAt, placeNamed, requireTrack, type TrackCaller, type TrackPlace } from './track-scope';
import type { TrackTemplateItem } from './track-store';

/**
 * Starting Copy from Existing, Import from Existing and phase import (SPEC.md sections 2, 5
 * and 7): the caller's scope is checked on the loaded source and target, then a background
 * job does the copying (functions/core/jobs/track-copy-job.ts, phase-import-job.ts). The
 * answer is the job's id (202); the new track or phase shows once the job has succeeded.
 */
export const NOT_A_SYSTEM_TRACK_MESSAGE = 'Only system tracks can be copied: import a conference track instead.';
export const SYSTEM_TRACK_IMPORT_MESSAGE = 'System tracks are copied, not imported: use Copy from Existing.';

/** What the track copy job reads (functions/core/jobs/track-copy-job.ts). */
export interface TrackCopyInput {
  sourceTrackTemplateId: string;
  /** As stored (a conference id). */
  conferenceId: string;
  name: string;
  description: string;
}

/** What the phase import job reads (functions/core/jobs/phase-import-job.ts). */
export interface PhaseImportInput {
  sourceTrackTemplateId: string;
  phaseId: string;
  targetTrackTemplateId: string;
}

export interface CopyTexts {
  name: string;
  description: string;
}

/** The conference a copy goes to: one the caller may create tracks in (never '0': copies belong to a conference). */
async function targetConference(auth: TrackCaller, apiConferenceId: string): Promise<TrackPlace> {
  const place = await placeNamed(apiConferenceId);
  if (isSystemTrack(place.conferenceId)) throw new ValidationError({ conferenceId: ['Conference is required.'] });
  if (!mayActAt(auth, 'create', place)) throw new ForbiddenError();
  return place;
}

async function startTrackCopyJob(auth: TrackCaller, source: TrackTemplateItem, target: TrackPlace, texts: CopyTexts, title: string): Promise<{ jobId: string }> {
  const input: TrackCopyInput = { sourceTrackTemplateId: source.trackTemplateId, conferenceId: target.conferenceId, name: texts.name.trim(), description: texts.description.trim() };
  const job = newJob({ kind: 'track.copy', ownerId: auth.userId, title, input });
  await transact([job.write]);
  return { jobId: job.jobId };
}

/** Copy from Existing: a system track the caller reads becomes a track of a conference they design in. */
export async function startTrackCopy(auth: TrackCaller, sourceId: string, apiConferenceId: string, texts: CopyTexts): Promise<{ jobId: string }> {
  const { track: source } = await requireTrack(auth, sourceId, 'read');
  if (!isSystemTrack(source.conferenceId)) throw new HttpError(422, NOT_A_SYSTEM_TRACK_MESSAGE);
  const target = await targetConference(auth, apiConferenceId);
  return startTrackCopyJob(auth, source, target, texts, `Copying ${source.name} into ${target.conferenceName}`);
}

/** Import from Existing: a conference track the caller reads becomes a track of a conference they design in. */
export async function startTrackImport(auth: TrackCaller, sourceId: string, apiConferenceId: string, texts: CopyTexts): Promise<{ jobId: string }> {
  const { track: source } = await requireTrack(auth, sourceId, 'read');
  if (isSystemTrack(source.conferenceId)) throw new HttpError(422, SYSTEM_TRACK_IMPORT_MESSAGE);
  const target = await targetConference(auth, apiConferenceId);
  return startTrackCopyJob(auth, source, target, texts, `Importing ${source.name} into ${target.conferenceName}`);
}

/** Phase import: a phase of a track the caller reads becomes the last phase of a track they may edit. */
export async function startPhaseImport(auth: TrackCaller, phaseId: string, targetTrackTemplateId: string): Promise<{ jobId: string }> {
  const { phase } = await requirePhase(auth, phaseId, 'read');
  const { track: target } = await requireTrack(auth, targetTrackTemplateId, 'update');
  // The design bounds hold as for phases and steps added by hand (a concurrent add may still pass one by a phase's steps).
  const [phases, targetSteps, phaseSteps] = await Promise.all([phasesOf(target.trackTemplateId), stepCountOfTrack(target.trackTemplateId), stepsOfPhase(phase.trackTemplateId, phase.phaseId)]);
  if (phases.length >= TRACK_PHASES_MAX) throw new HttpError(400, TRACK_PHASES_FULL_MESSAGE);
  if (targetSteps + phaseSteps.length > TRACK_STEPS_MAX) throw new HttpError(400, TRACK_FULL_MESSAGE);
  const input: PhaseImportInput = { sourceTrackTemplateId: phase.trackTemplateId, phaseId: phase.phaseId, targetTrackTemplateId: target.trackTemplateId };
  const job = newJob({ kind: 'phase.import', ownerId: auth.userId, title: `Importing the phase ${phase.name} into ${target.name}`, input });
  await transact([job.write]);
  return { jobId: job.jobId };
}
