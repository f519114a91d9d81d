import { WAITING_STEP_STATUSES, type Dashboard } from '@shared/schemas/dashboard';
import { Fragment } from 'react';
import { STEP_STATUS_LABELS } from '@shared/tracks/statuses';
import { EmptyState, Link } from '../../components/ui';
import { BarTable } from './BarTable';
import { StuckTable } from './StuckTable';
import { TrendChart } from './TrendChart';
import { waitingHref, type DashboardSelection, type WaitingStatus } from './waiting-links';
import { enrolledHref } from './enrolled-links';

const ENROLMENT_TILES = ['Open', 'Completed', 'Withdrawn', 'Discontinued'] as const;
/** Steps by status as a registrar reads them: what waits first, what is done last. */
const STEP_ORDER = ['Overdue', 'Ready', 'Resubmit', 'PendingReview', 'Unavailable', 'Completed'] as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const WAITING = new Set<string>(WAITING_STEP_STATUSES);

/** The figures of one place (shared/schemas/dashboard.ts), each section with its own heading. */
export function DashboardFigures({ dashboard, selection }: { dashboard: Dashboard; selection: DashboardSelection }) {
  const { enrolments, steps, stuck, workload, trends, scope } = dashboard;
  // The lists behind the waiting figures; coming back returns to this place.
  const routerOptions = { state: { dashboard: selection } };
  const waitingLink = (label: string, filter: Parameters<typeof waitingHref>[1]) => ({ href: waitingHref(scope.id, filter), label, routerOptions });
  const total = Object.values(enrolments.byStatus).reduce((sum, value) => sum + value, 0);
  if (total === 0) return <EmptyState message={`No one is enrolled in a track in ${scope.name} yet.`} />;
  return (
    <div className="dashboard-sections">
      <section aria-labelledby="dashboard-enrolments" className="dashboard-section">
        <h2 id="dashboard-enrolments">Enrolments</h2>
        <dl className="dashboard-tiles">
          {ENROLMENT_TILES.map((status) => (
            <div key={status} className="dashboard-tile">
              <dt>{status}</dt>
              <dd>
                <Link href={enrolledHref(scope.id, { status })} routerOptions={routerOptions} aria-label={`${plural(enrolments.byStatus[status], `${status} enrolment`)}: show them`}>
                  {enrolments.byStatus[status]}
                </Link>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="dashboard-tracks" className="dashboard-section">
        <h2 id="dashboard-tracks">Where candidates are</h2>
        {enrolments.tracks.map((track) => (
          <div key={track.trackTemplateId} className="dashboard-track">
            <h3>
              <Link href={`/tracks/${track.trackTemplateId}/participants`}>{track.name}</Link>
            </h3>
            <p className="dashboard-muted dashboard-track-counts">
              {ENROLMENT_TILES.map((status, index) => (
                <Fragment key={status}>
                  {index > 0 && ' · '}
                  <Link href={`/tracks/${track.trackTemplateId}/participants?status=${status}`}>{`${track.byStatus[status]} ${status.toLowerCase()}`}</Link>
                </Fragment>
              ))}
            </p>
            {track.phases.length > 0 && (
              <BarTable
                caption={`${track.name}: open enrolments by current phase`}
                itemHeading="Phase"
                valueHeading="Open enrolments"
                rows={track.phases.map((phase) => ({
                  key: phase.phaseId,
                  label: `${phase.order}. ${phase.name}`,
                  value: phase.open,
                  link: {
                    href: enrolledHref(scope.id, { track: track.trackTemplateId, phase: phase.phaseId }),
                    label: `${plural(phase.open, 'open enrolment')} in ${track.name}, ${phase.name}: show them`,
                    routerOptions,
                  },
                }))}
              />
            )}
          </div>
        ))}
      </section>

      <section aria-labelledby="dashboard-steps" className="dashboard-section dashboard-columns">
        <h2 id="dashboard-steps">Steps of open enrolments</h2>
        <BarTable
          caption="Steps by status"
          itemHeading="Status"
          valueHeading="Steps"
          rows={STEP_ORDER.map((status) => ({
            key: status,
            label: STEP_STATUS_LABELS[status],
            value: steps.byStatus[status],
            ...(WAITING.has(status) && { link: waitingLink(`${plural(steps.byStatus[status], 'step')} ${STEP_STATUS_LABELS[status]}: show them`, { status: status as WaitingStatus }) }),
          }))}
        />
        <BarTable
          caption="Steps waiting on someone (Ready, Resubmit, Pending Review, Overdue)"
          itemHeading="Waiting"
          valueHeading="Steps"
          rows={steps.waiting.map((row) => ({
            key: String(row.days),
            label: `More than ${row.days} days`,
            value: row.count,
            link: waitingLink(`${plural(row.count, 'step')} waiting more than ${row.days} days: show them`, { days: row.days }),
          }))}
        />
      </section>

      <section aria-labelledby="dashboard-stuck" className="dashboard-section">
        <h2 id="dashboard-stuck">Who is stuck</h2>
        <StuckTable steps={stuck} />
        {stuck.length > 0 && (
          <p className="dashboard-more">
            <Link href={waitingHref(scope.id)} routerOptions={routerOptions}>
              All waiting steps, with filters
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="dashboard-workload" className="dashboard-section">
        <h2 id="dashboard-workload">Workload</h2>
        {workload.length === 0 ? (
          <EmptyState message="No advisor or interviewer has a step waiting on them." />
        ) : (
          <BarTable
            caption={`Open items per person (${plural(workload.length, 'person', 'people')}, most first)`}
            itemHeading="Person"
            valueHeading="Open items"
            rows={workload.map((person) => ({
              key: person.userId,
              label: <Link href={`/users/${person.userId}`}>{person.name}</Link>,
              value: person.openItems,
              link: waitingLink(`${plural(person.openItems, 'open item')} of ${person.name}: show them`, { person: person.userId }),
            }))}
          />
        )}
      </section>

      <section aria-labelledby="dashboard-trends" className="dashboard-section">
        <h2 id="dashboard-trends">Last 12 months</h2>
        <TrendChart trends={trends} scopeId={scope.id} routerOptions={routerOptions} />
      </section>
    </div>
  );
}
