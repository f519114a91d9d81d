import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import type { InstanceStep, TrackInstanceView } from '@shared/schemas/track-instance';
import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';
import type { TrackInstanceStatus } from '@shared/tracks/step-status';
import { Alert, Badge, EmptyState, Link, LoadingState, ProgressBar, SelectField } from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-error';
import { useSave } from '../../../lib/forms/use-save';
import { Page } from '../../../lib/page';
import { StepStatusBadge } from '../../../components/status/StepStatusBadge';
import { setInstanceStatus, useTrackInstance, verifyStepInstances } from './track-instance-api';
import { InstanceTabs } from './InstanceTabs';
import { CandidatePacketButton } from '../../../components/packet/CandidatePacketButton';
import './track-instance.css';

export const LOADING_TRACK = 'Loading your track...';
export const NO_TRACK_ACCESS = 'You do not have permission to access this track';

/**
 * /tracks/{id}/assignments/{trackInstanceId} (SPEC.md section 2): the participant's track, its
 * header (avatar and name linking to the profile, track name, status, and the status selector
 * for the participant's advisor or a track-override role), overall progress, and the phases in
 * order with their step cards. Locked steps are greyed, not links, and say what they wait for.
 * Steps added to the template since enrolment are created (verify-step-instances) and the page reloads.
 * Those who act on the enrolment also see its History (InstanceTabs).
 */
export default function TrackInstancePage() {
  const { trackInstanceId = '' } = useParams();
  const instance = useTrackInstance(trackInstanceId);
  const verified = useRef<string | null>(null);
  const missing = instance.data?.missingSteps ?? 0;

  useEffect(() => {
    if (missing <= 0 || verified.current === trackInstanceId) return;
    verified.current = trackInstanceId;
    void verifyStepInstances(trackInstanceId).then(() => instance.mutate(), () => undefined);
  }, [missing, trackInstanceId, instance]);

  if (instance.error) {
    const status = instance.error instanceof ApiError ? instance.error.status : 0;
    return (
      <Page title="Track">
        <Alert tone="danger">{status === 403 ? NO_TRACK_ACCESS : (instance.error as Error).message}</Alert>
      </Page>
    );
  }
  if (!instance.data) {
    return (
      <Page title="Track">
        <LoadingState message={LOADING_TRACK} />
      </Page>
    );
  }
  return <TrackInstanceContent view={instance.data} refresh={instance.mutate} />;
}

function TrackInstanceContent({ view, refresh }: { view: TrackInstanceView; refresh: () => Promise<unknown> }) {
  const name = `${view.participant.firstName} ${view.participant.lastName}`;
  return (
    <Page title={view.trackName}>
      <header className="instance-header">
        <Link href={`/users/${view.participant.id}`} className="instance-person">
          {view.participant.avatarUrl ? (
            <img className="instance-avatar" src={view.participant.avatarUrl} alt="" width={48} height={48} />
          ) : (
            <span className="instance-avatar instance-initials" aria-hidden="true">
              {`${view.participant.firstName.charAt(0)}${view.participant.lastName.charAt(0)}`.toUpperCase()}
            </span>
          )}
          <span>{name}</span>
        </Link>
        <Badge tone={view.status === 'Open' ? 'info' : view.status === 'Completed' ? 'success' : 'neutral'}>{view.status}</Badge>
        {view.canChangeStatus && <StatusSelector view={view} refresh={refresh} />}
        <CandidatePacketButton trackInstanceId={view.id} />
      </header>
      <InstanceTabs view={view}>
        <ProgressBar
          className="instance-progress"
          label="Progress"
          value={view.progress.completed}
          maxValue={view.progress.total}
          valueLabel={`${view.progress.completed} of ${view.progress.total} required steps completed`}
        />
        {view.phases.length === 0 ? (
          <EmptyState title="No phases yet" message="This track has no phases yet." />
        ) : (
          <ol className="instance-phases">
            {view.phases.map((phase) => (
              <li key={phase.id} className="instance-phase" aria-labelledby={`phase-${phase.id}`}>
                <h2 id={`phase-${phase.id}`}>{`${phase.order}. ${phase.name}`}</h2>
                {phase.steps.length === 0 ? (
                  <p className="tracks-muted">No steps in this phase.</p>
                ) : (
                  <ul className="instance-steps" aria-labelledby={`phase-${phase.id}`}>
                    {phase.steps.map((step) => (
                      <StepCard key={step.id} step={step} />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </InstanceTabs>
    </Page>
  );
}


/** A prerequisite and who is responsible for it: 'Upload your transcript (Participant, Advisor)'. */
const waitingText = (prerequisite: InstanceStep['waitsFor'][number]) => `${prerequisite.name}${prerequisite.responsible.length ? ` (${prerequisite.responsible.join(', ')})` : ''}`;

function StepCard({ step }: { step: InstanceStep }) {
  const locked = step.status === 'Unavailable';
  return (
    <li className={locked ? 'instance-step instance-step-locked' : 'instance-step'}>
      <div className="instance-step-title">
        {locked ? <span aria-disabled="true">{step.name}</span> : <Link href={`/step/${step.id}`}>{step.name}</Link>}
        <StepStatusBadge status={step.status} />
        {step.required && <span className="tracks-muted">Required</span>}
      </div>
      {locked && step.waitsFor.length > 0 && <p className="tracks-muted">{`Waiting for ${step.waitsFor.map(waitingText).join('; ')}`}</p>}
    </li>
  );
}

function StatusSelector({ view, refresh }: { view: TrackInstanceView; refresh: () => Promise<unknown> }) {
  const save = useSave(refresh);
  return (
    <div className="instance-status">
      <SelectField
        label="Track status"
        value={view.status}
        options={TRACK_INSTANCE_STATUSES}
        isDisabled={save.isPending}
        onChange={(status) => {
          if (!status || status === view.status) return;
          void save.run(() => setInstanceStatus({ id: view.id, status: status as TrackInstanceStatus, version: view.version }), `Track status set to ${status}.`);
        }}
      />
    </div>
  );
}
