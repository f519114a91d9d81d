import { useGovernedScopes } from '../governed-scopes';
import { ConferenceScopedTab } from '../GovernedScopeTabs';
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
  return (
    <ConferenceScopedTab scopes={scopes} none="You do not administer a conference, so there is no retention schedule to show.">
      {(scope) => (
        <>
          <RetentionPeriodsForm conferenceId={scope.id} />
          <RetentionPreview conferenceId={scope.id} />
          <LegalHoldList conferenceId={scope.id} />
        </>
      )}
    </ConferenceScopedTab>
  );
}
