import { useState } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { Alert, EmptyState, LoadingState, SearchableSelect, type SelectOption } from '../../components/ui';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { locationOptions } from '../../lib/locations/location-options';
import { Page } from '../../lib/page';
import { PLACE_KINDS, useDashboardScopes, type DashboardScopes } from './dashboard-scopes';
import { DashboardFigures } from './DashboardFigures';
import { DashboardExport } from './DashboardExport';
import { WaitingPage } from './WaitingPage';
import { EnrolledPage } from './EnrolledPage';
import type { DashboardSelection } from './waiting-links';
import './dashboard.css';

/** /dashboard and, below it, the lists behind its figures (waiting steps, enrolments). */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path=":scopeId/waiting" element={<WaitingPage />} />
      <Route path=":scopeId/enrolments" element={<EnrolledPage />} />
    </Routes>
  );
}

/**
 * /dashboard (issue 27): the figures of a place the viewer governs, chosen with the Place picker
 * (System, a jurisdiction, an episcopal area or a conference for a superadmin; the viewer's own
 * places otherwise)
 * and, for a conference, the District picker below it. Everything is counted on the server.
 */
function DashboardPage() {
  const scopes = useDashboardScopes();
  let body;
  if (scopes.error) body = <Alert tone="danger">{(scopes.error as Error).message}</Alert>;
  else if (scopes.initial === undefined) body = <LoadingState message="Loading..." />;
  else if (scopes.initial === null) body = <EmptyState message="You do not administer a conference or district, so there is no dashboard to show." />;
  else body = <PlaceDashboard scopes={scopes} initial={scopes.initial} />;
  return <Page title="Dashboard">{body}</Page>;
}

function PlaceDashboard({ scopes, initial }: { scopes: DashboardScopes; initial: SelectOption }) {
  // The place chosen lives in the history entry too, so coming back from a list behind a figure returns to it.
  const location = useLocation();
  const navigate = useNavigate();
  const saved = (location.state as { dashboard?: DashboardSelection } | null)?.dashboard;
  const [place, setPlaceState] = useState(saved?.place ?? initial);
  const [district, setDistrictState] = useState<SelectOption | null>(saved?.district ?? null);
  const choose = (selection: DashboardSelection) => {
    setPlaceState(selection.place);
    setDistrictState(selection.district);
    void navigate('.', { replace: true, state: { dashboard: selection } });
  };
  const setPlace = (next: SelectOption) => choose({ place: next, district: null });
  const setDistrict = (next: SelectOption | null) => choose({ place, district: next });
  const dashboard = useApi(routes.conference.dashboard, { params: { scopeId: district?.id ?? place.id } });
  // A conference's districts can be chosen; wider places are chosen whole, a district is one already.
  const hasDistricts = place.description === PLACE_KINDS.Conference;
  return (
    <div className="dashboard">
      <div className="dashboard-pickers">
        {/* A place is always chosen: clearing the box keeps the last one. */}
        <SearchableSelect
          label="Place"
          value={place}
          onChange={(next) => {
            if (!next) return;
            setPlace(next);
          }}
          loadOptions={scopes.search}
        />
        {hasDistricts && (
          <SearchableSelect key={place.id} label="District" placeholder="All districts" value={district} onChange={setDistrict} loadOptions={(text) => locationOptions('District', text, place.id)} />
        )}
        {dashboard.data && <DashboardExport scopeId={district?.id ?? place.id} />}
      </div>
      {dashboard.error ? (
        <Alert tone="danger">{dashboard.error.message}</Alert>
      ) : !dashboard.data ? (
        <LoadingState message="Loading the dashboard..." />
      ) : (
        <DashboardFigures dashboard={dashboard.data} selection={{ place, district }} />
      )}
    </div>
  );
}
