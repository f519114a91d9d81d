import { useState } from 'react';
import { Alert, EmptyState, LoadingState, SearchableSelect, type SelectOption } from '../../../components/ui';
import { useGovernedScopes, type GovernedScopes } from '../governed-scopes';
import { LegalHoldList } from './LegalHoldList';
import { RetentionPeriodsForm } from './RetentionPeriodsForm';
import { RetentionPreview } from './RetentionPreview';
import './retention.css';

/**
 * /admin/retention (issue 25, item 3; docs/security.md "Retention and legal holds"): in one
 * conference at a time (System: system tracks and people placed nowhere, superadmins only), the
 * retention periods, what the next daily purge would remove, and the legal holds in force.
 * Superadmins and conference admins; the server decides each conference.
 */
export function RetentionTab() {
  const scopes = useGovernedScopes();
  if (scopes.error) return <Alert tone="danger">{(scopes.error as Error).message}</Alert>;
  if (scopes.initial === undefined) return <LoadingState message="Loading..." />;
  if (scopes.initial === null) return <EmptyState message="You do not administer a conference, so there is no retention schedule to show." />;
  return <ConferenceRetention scopes={scopes} initial={scopes.initial} />;
}

function ConferenceRetention({ scopes, initial }: { scopes: GovernedScopes; initial: SelectOption }) {
  const [scope, setScope] = useState(initial);
  return (
    <div className="admin-tab retention-panel">
      {/* A conference is always chosen: clearing the box keeps the last one. */}
      <SearchableSelect className="retention-scope" label="Conference" value={scope} onChange={(next) => next && setScope(next)} loadOptions={scopes.search} />
      {/* A key per conference: each starts from its own saved periods and first pages. */}
      <div key={scope.id} className="retention-sections">
        <RetentionPeriodsForm conferenceId={scope.id} />
        <RetentionPreview conferenceId={scope.id} />
        <LegalHoldList conferenceId={scope.id} />
      </div>
    </div>
  );
}
