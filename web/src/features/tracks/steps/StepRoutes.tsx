import { Route, Routes, useNavigate, useParams } from 'react-router';
import type { TrackOutline } from '@shared/schemas/track';
import { Alert, LoadingState, Modal } from '../../../components/ui';
import { AddOrImportStepButtons } from '../AddOrImportStepButtons';
import { useFormNames, useRoleOptions, useStep } from './step-api';
import { StepDialog } from './StepDialog';

type Phase = TrackOutline['phases'][number];

export interface StepRoutesProps {
  track: TrackOutline;
  onClose: () => void;
  /** After a save: a toast with the message and a reload of the outline. */
  onSaved: (message: string) => void;
}

/**
 * The step routes under a phase (SPEC.md section 2): step/add-step (the chooser), step/new,
 * step/{stepId}; each its own address, so back and a shared link work.
 */
export function StepRoutes({ track, onClose, onSaved }: StepRoutesProps) {
  const { phaseId } = useParams();
  const phase = track.phases.find((p) => p.id === phaseId);
  if (!phase) return null;
  return (
    <Routes>
      <Route path="add-step" element={<AddStepChooser phase={phase} onClose={onClose} />} />
      <Route path="new" element={<StepEditorRoute phase={phase} onClose={onClose} onSaved={onSaved} />} />
      <Route path=":stepId" element={<StepEditorRoute phase={phase} onClose={onClose} onSaved={onSaved} />} />
    </Routes>
  );
}

/** The 'Add new step' / 'Import existing step' chooser. */
function AddStepChooser({ phase, onClose }: { phase: Phase; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal isOpen onClose={onClose} title={`Add a step to ${phase.name}`} size="small">
      <AddOrImportStepButtons onAdd={() => navigate('../new', { relative: 'path' })} onImport={() => navigate('../import', { relative: 'path' })} />
    </Modal>
  );
}

interface StepEditorRouteProps {
  phase: Phase;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Create step (no step id) or Edit Step: waits for the roles, and for an edit the step and its forms' names. */
function StepEditorRoute({ phase, onClose, onSaved }: StepEditorRouteProps) {
  const { stepId } = useParams();
  const roles = useRoleOptions();
  const step = useStep(stepId);
  const loaded = stepId ? step.data : undefined;
  const formNames = useFormNames(stepId ? loaded : undefined) ?? (stepId ? undefined : new Map<string, string>());
  if (stepId && step.error) {
    return (
      <Modal isOpen onClose={onClose} title="Edit Step">
        <Alert tone="danger">{(step.error as Error).message}</Alert>
      </Modal>
    );
  }
  if (!roles || !formNames || (stepId && !loaded)) {
    return (
      <Modal isOpen onClose={onClose} title={stepId ? 'Edit Step' : 'Create Step'}>
        <LoadingState message="Loading step..." />
      </Modal>
    );
  }
  return (
    <StepDialog
      key={loaded?.version ?? 'new'}
      phaseId={phase.id}
      phaseSteps={phase.steps}
      step={loaded}
      roles={roles}
      formNames={formNames}
      onClose={onClose}
      onSaved={(saved) => onSaved(loaded ? `Step ${saved.name} was saved.` : `Step ${saved.name} was added.`)}
    />
  );
}
