import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Alert, SelectField, Link } from '../../components/ui';
import { CursorList } from '../../components/audit/LoadMore';
import { useAuditPages } from '../../components/audit/use-audit-pages';
import { routes } from '../../lib/api/routes';
import { Page } from '../../lib/page';
import { EnrolledTable } from './EnrolledTable';
import { enrolledFilterOf, enrolledHref, monthName, type EnrolledFilter, type EnrolmentStatus } from './enrolled-links';
import type { DashboardSelection } from './waiting-links';
import './dashboard.css';

const ENDED = new Set<string>(['Completed', 'Withdrawn', 'Discontinued']);

/** The list in words: "Open enrolments", "Enrolments made in March 2026", "Enrolments completed in March 2026", "Open enrolments in Candidacy Pathway, Discernment". */
function describe(filter: EnrolledFilter, inPhase: string): string {
  if ('track' in filter) return `Open enrolments in ${inPhase}`;
  if (!filter.month) return `${filter.status ?? 'Open'} enrolments`;
  if (!filter.status) return `Enrolments made in ${monthName(filter.month)}`;
  return ENDED.has(filter.status) ? `Enrolments ${filter.status.toLowerCase()} in ${monthName(filter.month)}` : `${filter.status} enrolments made in ${monthName(filter.month)}`;
}

/**
 * /dashboard/{scopeId}/enrolments (issue 27: every figure links to the list behind it): a place's
 * enrolments of one status (`?status=`, from the Enrolments tiles), made or ended in a month
 * (`?month=`, from the last 12 months), or Open in one phase of a track (`?track=&phase=`, from a
 * phase's bar), 25 a page with "Load more": exactly the enrolments the figure counts.
 */
export function EnrolledPage() {
  const scopeId = useParams().scopeId ?? '';
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const selection = (location.state as { dashboard?: DashboardSelection } | null)?.dashboard;
  const filter = enrolledFilterOf(search);
  const query = 'track' in filter ? { trackTemplateId: filter.track, phaseId: filter.phase } : { ...(filter.status && { status: filter.status }), ...(filter.month && { month: filter.month }) };
  const pages = useAuditPages(routes.conference.dashboardEnrolments, { params: { scopeId }, query });
  const first = pages.firstPage;
  const inPhase = first?.track && first.phase ? `${first.track.name}, ${first.phase.name}` : 'this phase';
  const what = describe(filter, inPhase);
  // An ended status's list is in the order its enrolments ended.
  const ended = !('track' in filter) && filter.status !== undefined && ENDED.has(filter.status);

  return (
    <Page title={first ? `Enrolments in ${first.scope.name}` : 'Enrolments'}>
      <p className="dashboard-back">
        <Link href="/dashboard" routerOptions={{ state: selection ? { dashboard: selection } : null }}>
          Back to the dashboard
        </Link>
      </p>
      {'track' in filter || filter.month ? (
        <Alert tone="info">
          {`Showing the ${what.charAt(0).toLowerCase()}${what.slice(1)}. `}
          <Link href={enrolledHref(scopeId, { status: 'Open' })} routerOptions={{ state: location.state }}>
            Show every open enrolment
          </Link>
        </Alert>
      ) : (
        <div className="dashboard-pickers">
          <SelectField
            label="Status"
            value={filter.status ?? 'Open'}
            options={TRACK_INSTANCE_STATUSES.map((status) => ({ value: status, label: status }))}
            onChange={(status) => setSearch(new URLSearchParams({ status: (status || 'Open') as EnrolmentStatus }), { replace: true, state: location.state })}
          />
        </div>
      )}
      <CursorList pages={pages} what="the enrolments">
        <EnrolledTable rows={pages.entries} caption={`${what}, ${ended ? 'longest ago first' : 'oldest enrolment first'}`} emptyMessage="No enrolment matches: nobody here is enrolled as chosen." />
      </CursorList>
    </Page>
  );
}
