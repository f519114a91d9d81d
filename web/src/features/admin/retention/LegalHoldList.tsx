import { Alert, EmptyState, LoadingState, formatDateTime } from '../../../components/ui';
import { LoadMore } from '../../../components/audit/LoadMore';
import { useAuditPages } from '../../../components/audit/use-audit-pages';
import { routes } from '../../../lib/api/routes';

export const NO_HOLDS = 'No legal hold is in force in this conference.';

/** Where a held record is read: a person's profile, an enrolment's page. */
function recordHref(hold: { recordKind: string; recordId: string }): string | undefined {
  return hold.recordKind === 'User' ? `/users/${hold.recordId}` : undefined;
}

/** The legal holds in force in the conference, a page at a time; each is lifted on its record's page. */
export function LegalHoldList({ conferenceId }: { conferenceId: string }) {
  const pages = useAuditPages(routes.conference.legalHolds, { params: { id: conferenceId }, query: {} });
  let body;
  if (pages.isLoading) body = <LoadingState message="Loading the legal holds..." />;
  else if (pages.error && pages.entries.length === 0) body = <Alert tone="danger">{pages.error.message}</Alert>;
  else if (pages.entries.length === 0) body = <EmptyState message={NO_HOLDS} />;
  else {
    body = (
      <>
        <ul className="retention-holds" aria-label="Legal holds in force">
          {pages.entries.map((hold) => {
            const href = recordHref(hold);
            return (
              <li key={`${hold.recordKind}-${hold.recordId}`} className="retention-hold">
                <p className="retention-hold-subject">
                  {href ? <a href={href}>{hold.subject}</a> : hold.subject}
                  <span className="admin-muted">{hold.recordKind === 'User' ? ' · Person and their enrolments' : ' · Enrolment'}</span>
                </p>
                <p className="retention-hold-reason">{hold.reason}</p>
                <p className="admin-muted">{`Placed ${formatDateTime(hold.placedAt)}${hold.placedByName ? ` by ${hold.placedByName}` : ''}`}</p>
              </li>
            );
          })}
        </ul>
        <LoadMore pages={pages} />
      </>
    );
  }
  return (
    <section className="retention-section" aria-labelledby="retention-holds-title">
      <h2 id="retention-holds-title" className="retention-title">
        Legal holds
      </h2>
      <p className="admin-muted">A hold is placed and lifted on the person’s profile or on the enrolment’s page.</p>
      {body}
    </section>
  );
}
