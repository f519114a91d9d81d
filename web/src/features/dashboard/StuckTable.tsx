import type { StuckStep } from '@shared/schemas/dashboard';
import { STEP_STATUS_LABELS } from '@shared/tracks/statuses';
import { Fragment } from 'react';
import { EmptyState, Link } from '../../components/ui';

const DAY_MS = 86_400_000;

/** "41 days" since the step started waiting (whole days; "today" under one). */
export function waitedFor(since: string, now = Date.now()): string {
  const days = Math.floor((now - Date.parse(since)) / DAY_MS);
  return days < 1 ? 'Less than a day' : `${days} ${days === 1 ? 'day' : 'days'}`;
}

const KIND_SUFFIX = { participant: ' (participant)', person: '', role: ' (role: nobody assigned)', committee: ' (committee)' } as const;

function WaitsOn({ step }: { step: StuckStep }) {
  if (step.waitsOn.length === 0) return <>Nobody is responsible</>;
  return (
    <>
      {step.waitsOn.map((who, index) => (
        <Fragment key={`${who.kind}:${who.id}`}>
          {index > 0 && ', '}
          {who.kind === 'person' || who.kind === 'participant' ? <Link href={`/users/${who.id}`}>{who.name}</Link> : who.name}
          {KIND_SUFFIX[who.kind]}
        </Fragment>
      ))}
    </>
  );
}

/**
 * "Who is stuck" (issue 27): the place's longest-waiting steps, oldest first, each linked to its
 * step page and its enrolment, with whom it waits on; also each page of the waiting list.
 */
export function StuckTable({ steps, caption, emptyMessage = 'No step is waiting on anyone.' }: { steps: StuckStep[]; caption?: string; emptyMessage?: string }) {
  if (steps.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <div className="dashboard-scroll">
      <table className="dashboard-list">
        <caption>{caption ?? `The ${steps.length === 1 ? 'step' : `${steps.length} steps`} waiting longest, oldest first`}</caption>
        <thead>
          <tr>
            <th scope="col">Participant</th>
            <th scope="col">Step</th>
            <th scope="col">Status</th>
            <th scope="col">Waiting</th>
            <th scope="col">Waits on</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.stepInstanceId}>
              <th scope="row">
                <Link href={`/tracks/${step.trackTemplateId}/assignments/${step.trackInstanceId}`}>{step.participant.name}</Link>
                <span className="dashboard-muted dashboard-cell-note">{step.trackName}</span>
              </th>
              <td>
                <Link href={`/step/${step.stepInstanceId}`}>{step.stepName}</Link>
              </td>
              <td>{STEP_STATUS_LABELS[step.status]}</td>
              <td>
                <time dateTime={step.since} title={new Date(step.since).toUTCString()}>
                  {waitedFor(step.since)}
                </time>
              </td>
              <td>
                <WaitsOn step={step} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
