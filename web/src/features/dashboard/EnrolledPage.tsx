import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Alert, SelectField, Link } from '../../components/ui';
import { CursorList } from '../../components/audit/LoadMore';
import { useAuditPages } from '../../components/audit/use-audit-pages';
import { routes } from '../../lib/api/routes';
import { Page } from '../../lib/page';
import { EnrolledTable } from './EnrolledTable';
import { enrolledFilterOf, enrolledHref, type EnrolmentStatus } from './enrolled-links';
import type { DashboardSelection } from './waiting-links';
import './dashboard.css';

/**
 * /dashboard/{scopeId}/enrolments (issue 27: every figure links to the list behind it): a place's
 * enrolments of one status (`?status=`, from the Enrolments tiles) or its Open enrolments in one
 * phase of a track (`?track=&phase=`, from a phase's bar), oldest enrolment first, 25 a page with
 * "Load more": exactly the enrolments the figure counts.
 */
export function EnrolledPage() {
  const scopeId = useParams().scopeId ?? '';
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const selection = (location.state as { dashboard?: DashboardSelection } | null)?.dashboard;
  const filter = enrolledFilterOf(search);
  const query = 'status' in filter ? { status: filter.status } : { trackTemplateId: filter.track, phaseId: filter.phase };
  const pages = useAuditPages(routes.conference.dashboardEnrolments, { params: { scopeId }, query });
  const first = pages.firstPage;
  const inPhase = first?.track && first.phase ? `${first.track.name}, ${first.phase.name}` : 'this phase';
  const what = 'status' in filter ? `${filter.status} enrolments` : `Open enrolments in ${inPhase}`;

  return (
    <Page title={first ? `Enrolments in ${first.scope.name}` : 'Enrolments'}>
      <p className="dashboard-back">
        <Link href="/dashboard" routerOptions={{ state: selection ? { dashboard: selection } : null }}>
          Back to the dashboard
        </Link>
      </p>
      {'status' in filter ? (
        <div className="dashboard-pickers">
          <SelectField
            label="Status"
            value={filter.status}
            options={TRACK_INSTANCE_STATUSES.map((status) => ({ value: status, label: status }))}
            onChange={(status) => setSearch(new URLSearchParams({ status: (status || 'Open') as EnrolmentStatus }), { replace: true, state: location.state })}
          />
        </div>
      ) : (
        <Alert tone="info">
          {`Showing the open enrolments in ${inPhase}. `}
          <Link href={enrolledHref(scopeId, { status: 'Open' })} routerOptions={{ state: location.state }}>
            Show every open enrolment
          </Link>
        </Alert>
      )}
      <CursorList pages={pages} what="the enrolments">
        <EnrolledTable rows={pages.entries} caption={`${what}, oldest enrolment first`} emptyMessage="No enrolment matches: nobody here is enrolled as chosen." />
      </CursorList>
    </Page>
  );
}
