import { WAITING_STEP_STATUSES, WAITING_THRESHOLDS_DAYS } from '@shared/schemas/dashboard';
import { STEP_STATUS_LABELS } from '@shared/tracks/statuses';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Alert, SelectField, Link } from '../../components/ui';
import { CursorList } from '../../components/audit/LoadMore';
import { useAuditPages } from '../../components/audit/use-audit-pages';
import { routes } from '../../lib/api/routes';
import { Page } from '../../lib/page';
import { StuckTable } from './StuckTable';
import { waitingFilterOf, waitingHref, waitingSearch, type DashboardSelection, type WaitingFilter } from './waiting-links';
import './dashboard.css';

/** The filter as the sentence under the heading says it: "Overdue, waiting more than 30 days, on Ada Advisor". */
function filterText(filter: WaitingFilter, personName: string | undefined): string {
  const parts = [
    filter.status ? STEP_STATUS_LABELS[filter.status] : 'All waiting steps',
    filter.days && `waiting more than ${filter.days} days`,
    filter.person && `waiting on ${personName ?? 'this person'}`,
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * /dashboard/{scopeId}/waiting (issue 27: every figure links to the list behind it): a place's
 * steps someone must act on, longest waiting first, narrowed as the dashboard figure that led here
 * says (`?status=`, `?days=`, `?person=`), 25 a page with "Load more". The same access and the same
 * steps as the dashboard's "Who is stuck", which is this list's first page.
 */
export function WaitingPage() {
  const scopeId = useParams().scopeId ?? '';
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const selection = (location.state as { dashboard?: DashboardSelection } | null)?.dashboard;
  const filter = waitingFilterOf(search);
  const query = { ...(filter.status && { status: filter.status }), ...(filter.days && { olderThanDays: filter.days }), ...(filter.person && { userId: filter.person }) };
  const pages = useAuditPages(routes.conference.dashboardWaiting, { params: { scopeId }, query });
  const first = pages.firstPage;
  const change = (next: WaitingFilter) => setSearch(waitingSearch(next), { replace: true, state: location.state });

  return (
    <Page title={first ? `Waiting steps in ${first.scope.name}` : 'Waiting steps'}>
      <p className="dashboard-back">
        <Link href="/dashboard" routerOptions={{ state: selection ? { dashboard: selection } : null }}>
          Back to the dashboard
        </Link>
      </p>
      <div className="dashboard-pickers">
        <SelectField
          label="Status"
          placeholder="All waiting steps"
          value={filter.status ?? ''}
          options={WAITING_STEP_STATUSES.map((status) => ({ value: status, label: STEP_STATUS_LABELS[status] }))}
          onChange={(status) => change({ ...filter, status: (status || undefined) as WaitingFilter['status'] })}
        />
        <SelectField
          label="Waiting"
          placeholder="Any time"
          value={filter.days ? String(filter.days) : ''}
          options={WAITING_THRESHOLDS_DAYS.map((days) => ({ value: String(days), label: `More than ${days} days` }))}
          onChange={(days) => change({ ...filter, days: days ? Number(days) : undefined })}
        />
      </div>
      {filter.person && (
        <Alert tone="info">
          {`Showing the steps waiting on ${first?.person?.name ?? 'one person'}. `}
          <Link href={waitingHref(scopeId, { ...filter, person: undefined })} routerOptions={{ state: location.state }}>
            Show everyone’s
          </Link>
        </Alert>
      )}
      <CursorList pages={pages} what="the waiting steps">
        <StuckTable steps={pages.entries} caption={`${filterText(filter, first?.person?.name)}, longest waiting first`} emptyMessage="No step matches: nothing waits here as chosen." />
      </CursorList>
    </Page>
  );
}
