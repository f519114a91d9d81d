import { useState } from 'react';
import { Alert, EmptyState, LoadingState, SearchableSelect, type SelectOption } from '../../components/ui';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { locationOptions } from '../../lib/locations/location-options';
import { Page } from '../../lib/page';
import { PLACE_KINDS, useDashboardScopes, type DashboardScopes } from './dashboard-scopes';
import { DashboardFigures } from './DashboardFigures';
import { DashboardExport } from './DashboardExport';
import './dashboard.css';

/**
 * /dashboard (issue 27): the figures of a place the viewer governs, chosen with the Place picker
 * (System, a jurisdiction, an episcopal area or a conference for a superadmin; the viewer's own
 * places otherwise)
 * and, for a conference, the District picker below it. Everything is counted on the server.
 */
export default function DashboardPage() {
  const scopes = useDashboardScopes();
  let body;
  if (scopes.error) body = <Alert tone="danger">{(scopes.error as Error).message}</Alert>;
  else if (scopes.initial === undefined) body = <LoadingState message="Loading..." />;
  else if (scopes.initial === null) body = <EmptyState message="You do not administer a conference or district, so there is no dashboard to show." />;
  else body = <PlaceDashboard scopes={scopes} initial={scopes.initial} />;
  return <Page title="Dashboard">{body}</Page>;
}

function PlaceDashboard({ scopes, initial }: { scopes: DashboardScopes; initial: SelectOption }) {
  const [place, setPlace] = useState(initial);
  const [district, setDistrict] = useState<SelectOption | null>(null);
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
            setDistrict(null);
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
        <DashboardFigures dashboard={dashboard.data} />
      )}
    </div>
  );
}
