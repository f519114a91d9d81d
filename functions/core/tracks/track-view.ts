import { DEFAULT_ESCALATION_DAYS, DEFAULT_REMINDER_DAYS, type PhaseView, type StepHeaderView, type TrackTemplateView } from '../../../shared/schemas/track';
import type { PhaseItem, StepItem, TrackTemplateItem } from './track-store';
import { isSystemTrack } from './track-scope';

/** The API's view of a template; `conferenceName` comes from the conference (null for a system track). */
export function toTrackView(track: TrackTemplateItem, conferenceName: string | null): TrackTemplateView {
  return {
    id: track.trackTemplateId,
    name: track.name,
    description: track.description,
    conference: isSystemTrack(track.conferenceId) ? null : { id: track.conferenceId, name: conferenceName ?? '' },
    disabled: track.disabled,
    originTrackTemplateId: track.originTrackTemplateId ?? null,
    instanceCount: track.instanceCount,
    copyCount: track.copyCount,
    reminderDays: track.reminderDays ?? DEFAULT_REMINDER_DAYS,
    escalationDays: track.escalationDays ?? DEFAULT_ESCALATION_DAYS,
    version: track.version,
    createdAt: track.createdAt,
    updatedAt: track.updatedAt,
  };
}

export function toPhaseView(phase: PhaseItem): PhaseView {
  return {
    id: phase.phaseId,
    trackTemplateId: phase.trackTemplateId,
    name: phase.name,
    description: phase.description ?? '',
    order: phase.order,
    originPhaseId: phase.originPhaseId ?? null,
    version: phase.version,
  };
}

/** Where a step stands among its phase's steps before prerequisites order them: a copy where its original stood, others by creation, then id. */
export const designOrderOf = (step: Pick<StepItem, 'designOrder' | 'createdAt' | 'stepTemplateId'>) => step.designOrder ?? `${step.createdAt ?? ''}\u0000${step.stepTemplateId}`;

/** A phase's steps in design order (the tie-break of the dependency order). */
export const inDesignOrder = <T extends Pick<StepItem, 'designOrder' | 'createdAt' | 'stepTemplateId'>>(steps: readonly T[]) =>
  [...steps].sort((a, b) => (designOrderOf(a) < designOrderOf(b) ? -1 : designOrderOf(a) > designOrderOf(b) ? 1 : 0));

export function toStepHeaderView(step: StepItem): StepHeaderView {
  return {
    id: step.stepTemplateId,
    phaseId: step.phaseId,
    name: step.name,
    required: step.required,
    inactive: step.inactive,
    prerequisites: step.prerequisites,
    originStepTemplateId: step.originStepTemplateId ?? null,
    version: step.version,
  };
}
