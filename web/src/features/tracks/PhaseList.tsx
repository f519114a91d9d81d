import { Suspense } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import type { TrackOutline } from '@shared/schemas/track';
import { Badge, Button, ConfirmDialog, EmptyState, Link } from '../../components/ui';
import { useSave } from '../../lib/forms/use-save';
import { deletePhase, movePhase } from './track-api';
import type { PhaseDialogProps } from './PhaseDialog';
import { lazyChunk } from '../../lib/chunk-load';

// The editor's dialogs (the step dialog brings the rich-text editor's loader, pickers and the upload flow)
// load when their route opens, so reading a track or its Participants tab never pays for them.
const PhaseDialog = lazyChunk(() => import('./PhaseDialog').then((m) => ({ default: m.PhaseDialog })));
const ImportPhaseDialog = lazyChunk(() => import('./ImportPhaseDialog').then((m) => ({ default: m.ImportPhaseDialog })));
const StepRoutes = lazyChunk(() => import('./steps/StepRoutes').then((m) => ({ default: m.StepRoutes })));

type Phase = TrackOutline['phases'][number];

export interface PhaseListProps {
  track: TrackOutline;
  /** Reloads the outline after a change. */
  refresh: () => Promise<unknown>;
}

/**
 * The phases in order, shown '{order}. {name}' with their steps. Editors add, edit, move and
 * delete phases; each dialog has its route under the track (phase/new, phase/{id}, phase/{id}/delete).
 */
export function PhaseList({ track, refresh }: PhaseListProps) {
  const navigate = useNavigate();
  const save = useSave(refresh);
  const base = `/tracks/${track.id}`;
  const close = () => navigate(base);
  const saved = (message: string) => {
    close();
    save.saved(message);
  };
  const last = track.phases.length;

  return (
    <section className="tracks-section" aria-labelledby="tracks-phases">
      <div className="tracks-section-header">
        <h2 id="tracks-phases">Phases</h2>
        {track.canEdit && (
          <div className="ui-button-row">
            <Button variant="secondary" onPress={() => navigate(`${base}/phase/import`)}>
              Import Phase
            </Button>
            <Button onPress={() => navigate(`${base}/phase/new`)}>Add Phase</Button>
          </div>
        )}
      </div>
      {track.phases.length === 0 ? (
        <EmptyState title="No phases yet" message="Phases of this track will be shown here in order." />
      ) : (
        <ol className="tracks-phases">
          {track.phases.map((phase) => (
            <li key={phase.id} className="tracks-phase" aria-label={`${phase.order}. ${phase.name}`}>
              <div className="tracks-section-header">
                <h3>{`${phase.order}. ${phase.name}`}</h3>
                {track.canEdit && (
                  <div className="ui-button-row">
                    <Button size="small" variant="ghost" isDisabled={phase.order <= 1 || save.isPending} onPress={() => void save.run(() => movePhase(phase.id, 'LEFT'), `${phase.name} moved left.`)}>
                      Move left
                    </Button>
                    <Button size="small" variant="ghost" isDisabled={phase.order >= last || save.isPending} onPress={() => void save.run(() => movePhase(phase.id, 'RIGHT'), `${phase.name} moved right.`)}>
                      Move right
                    </Button>
                    {!phase.originPhaseId && (
                      <>
                        <Button size="small" variant="secondary" onPress={() => navigate(`${base}/phase/${phase.id}`)}>
                          Edit
                        </Button>
                        <Button size="small" variant="danger" onPress={() => navigate(`${base}/phase/${phase.id}/delete`)}>
                          Delete
                        </Button>
                      </>
                    )}
                  </div>
                )}
              </div>
              {phase.description && <p className="tracks-muted">{phase.description}</p>}
              <ul className="tracks-steps" aria-label={`Steps of ${phase.name}`}>
                {phase.steps.map((step) => (
                  <li key={step.id} className="tracks-step">
                    {track.canEdit ? <Link href={`${base}/phase/${phase.id}/step/${step.id}`}>{step.name}</Link> : step.name}
                    {step.required && <Badge tone="info">Required</Badge>}
                    {step.inactive && <Badge tone="warning">Inactive</Badge>}
                  </li>
                ))}
              </ul>
              {track.canEdit && (
                <div className="ui-button-row">
                  <Button size="small" variant="secondary" onPress={() => navigate(`${base}/phase/${phase.id}/step/add-step`)}>
                    Add Step
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {track.canEdit && (
        <Suspense fallback={null}>
          <Routes>
            <Route path="phase/new" element={<PhaseDialog trackTemplateId={track.id} onClose={close} onSaved={(phase) => saved(`Phase ${phase.name} was added.`)} />} />
            <Route path="phase/import" element={<ImportPhaseDialog trackTemplateId={track.id} onClose={close} onImported={() => saved('The phase was imported.')} />} />
            <Route path="phase/:phaseId/step/*" element={<StepRoutes track={track} onClose={close} onSaved={saved} />} />
            <Route path="phase/:phaseId" element={<EditPhaseRoute track={track} onClose={close} onSaved={(phase) => saved(`Phase ${phase.name} was saved.`)} />} />
            <Route
              path="phase/:phaseId/delete"
              element={<DeletePhaseRoute track={track} isPending={save.isPending} onClose={close} onConfirm={async (phase) => (await save.run(() => deletePhase(phase.id), `Phase ${phase.name} was deleted.`)) && close()} />}
            />
          </Routes>
        </Suspense>
      )}
    </section>
  );
}

function usePhase(track: TrackOutline): Phase | undefined {
  const { phaseId } = useParams();
  return track.phases.find((phase) => phase.id === phaseId);
}

function EditPhaseRoute({ track, onClose, onSaved }: { track: TrackOutline; onClose: () => void; onSaved: PhaseDialogProps['onSaved'] }) {
  const phase = usePhase(track);
  return phase ? <PhaseDialog key={phase.version} trackTemplateId={track.id} phase={phase} onClose={onClose} onSaved={onSaved} /> : null;
}

interface DeletePhaseRouteProps {
  track: TrackOutline;
  isPending: boolean;
  onClose: () => void;
  onConfirm: (phase: Phase) => Promise<unknown>;
}

/** SPEC.md section 8: 'Are you sure you want to delete the phase "{name}"?'; the server refuses a phase with steps. */
function DeletePhaseRoute({ track, isPending, onClose, onConfirm }: DeletePhaseRouteProps) {
  const phase = usePhase(track);
  return (
    <ConfirmDialog
      isOpen={Boolean(phase)}
      title="Delete Phase"
      message={`Are you sure you want to delete the phase "${phase?.name ?? ''}"?`}
      confirmLabel="Delete"
      tone="danger"
      isPending={isPending}
      onConfirm={() => phase && void onConfirm(phase)}
      onCancel={onClose}
    />
  );
}
