import { RETENTION_OUTCOME_LABELS, RETENTION_PAGE_MAX, type RetentionDueView } from '@shared/schemas/retention';
import { Alert, EmptyState, LoadingState, formatDate } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

const PREVIEW_ROWS = 25;
export const NOTHING_DUE = 'Nothing is past its retention period: the next daily run purges nothing here.';

function DueRow({ due }: { due: RetentionDueView }) {
  return (
    <tr>
      <th scope="row">{due.subject}</th>
      <td>{RETENTION_OUTCOME_LABELS[due.outcome]}</td>
      <td>
        <time dateTime={due.closedAt}>{formatDate(due.closedAt)}</time>
      </td>
      <td>
        <time dateTime={due.dueAt}>{formatDate(due.dueAt)}</time>
      </td>
    </tr>
  );
}

/** What the next daily purge would remove in the conference (a page: the first ones due). */
export function RetentionPreview({ conferenceId }: { conferenceId: string }) {
  const preview = useApi(routes.conference.retentionPreview, { params: { id: conferenceId }, query: { limit: Math.min(PREVIEW_ROWS, RETENTION_PAGE_MAX) } });
  let body;
  if (preview.error) body = <Alert tone="danger">{(preview.error as Error).message}</Alert>;
  else if (!preview.data) body = <LoadingState message="Loading what the next run would purge..." />;
  else if (preview.data.data.length === 0) body = <EmptyState message={NOTHING_DUE} />;
  else {
    body = (
      <>
        <div className="retention-table-frame">
          <table className="retention-table">
            <caption className="ui-visually-hidden">Records the next run would purge</caption>
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">Kind</th>
                <th scope="col">Closed</th>
                <th scope="col">Purge due</th>
              </tr>
            </thead>
            <tbody>
              {preview.data.data.map((due) => (
                <DueRow key={`${due.recordKind}-${due.recordId}`} due={due} />
              ))}
            </tbody>
          </table>
        </div>
        {preview.data.more && <p className="admin-muted">{`The first ${preview.data.data.length} are shown; the run purges more.`}</p>}
      </>
    );
  }
  return (
    <section className="retention-section" aria-labelledby="retention-preview-title">
      <h2 id="retention-preview-title" className="retention-title">
        Next purge
      </h2>
      <p className="admin-muted">The purge runs daily. Files go from storage too; each purged record leaves a tombstone in the audit trail.</p>
      {body}
    </section>
  );
}
