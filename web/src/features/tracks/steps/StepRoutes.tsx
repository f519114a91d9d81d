import { Route, Routes, useNavigate, useParams } from 'react-router';
import type { TrackOutline } from '@shared/schemas/track';
import { Alert, LoadingState, ModalWithFooterSlot } from '../../../components/ui';
import { AddOrImportStepButtons } from '../AddOrImportStepButtons';
import { ImportStepForm } from './ImportStepForm';
import { useFormNames, useGroupOptions, useRoleOptions, useStep } from './step-api';
import { StepDialog } from './StepDialog';

type Phase = TrackOutline['phases'][number];

export interface StepRoutesProps {
  track: TrackOutline;
  onClose: () => void;
  /** After a save: a toast with the message and a reload of the outline. */
  onSaved: (message: string) => void;
}

/** The dialog's title and size for the route under step/. */
function viewOf(rest: string, phase: Phase) {
  if (rest === 'add-step') return { title: `Add a step to ${phase.name}`, size: 'small' } as const;
  if (rest === 'new') return { title: 'Create step', size: 'large' } as const;
  if (rest === 'import') return { title: 'Import Existing Step', size: 'medium' } as const;
  return { title: 'Edit Step', size: 'large' } as const;
}

/**
 * The step routes under a phase (SPEC.md section 2): step/add-step (the chooser), step/new,
 * step/import, step/{stepId}; each its own address, so back and a shared link work. They are one
 * dialog whose body follows the route: choosing 'Add new step' changes the body in place.
 */
export function StepRoutes({ track, onClose, onSaved }: StepRoutesProps) {
  const { phaseId, '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const phase = track.phases.find((p) => p.id === phaseId);
  if (!phase) return null;
  const view = viewOf(rest, phase);
  return (
    <ModalWithFooterSlot onClose={onClose} title={view.title} size={view.size}>
      <Routes>
        <Route path="add-step" element={<AddOrImportStepButtons onAdd={() => navigate('../new', { relative: 'path' })} onImport={() => navigate('../import', { relative: 'path' })} />} />
        <Route path="new" element={<StepEditorRoute trackId={track.id} phase={phase} onSaved={onSaved} />} />
        <Route path="import" element={<ImportStepForm phaseId={phase.id} onImported={(step) => onSaved(`Step ${step.name} was imported.`)} />} />
        <Route path=":stepId" element={<StepEditorRoute trackId={track.id} phase={phase} onSaved={onSaved} />} />
      </Routes>
    </ModalWithFooterSlot>
  );
}

interface StepEditorRouteProps {
  trackId: string;
  phase: Phase;
  onSaved: (message: string) => void;
}

/** Create step (no step id) or Edit Step: waits for the roles and the track's groups, and for an edit the step and its forms' names. */
function StepEditorRoute({ trackId, phase, onSaved }: StepEditorRouteProps) {
  const { stepId } = useParams();
  const roles = useRoleOptions();
  const groups = useGroupOptions(trackId);
  const step = useStep(stepId);
  const loaded = stepId ? step.data : undefined;
  const formNames = useFormNames(stepId ? loaded : undefined) ?? (stepId ? undefined : new Map<string, string>());
  if (stepId && step.error) return <Alert tone="danger">{(step.error as Error).message}</Alert>;
  if (!roles || !groups || !formNames || (stepId && !loaded)) return <LoadingState message="Loading step..." />;
  return (
    <StepDialog
      key={loaded?.version ?? 'new'}
      phaseId={phase.id}
      phaseSteps={phase.steps}
      step={loaded}
      roles={roles}
      groups={groups}
      formNames={formNames}
      onSaved={(saved) => onSaved(loaded ? `Step ${saved.name} was saved.` : `Step ${saved.name} was added.`)}
    />
  );
}
