import type { EnrolledRow } from '@shared/schemas/dashboard';
import { EmptyState, formatDate, Link } from '../../components/ui';

/**
 * The enrolments behind a dashboard figure (issue 27): each participant linked to their enrolment,
 * with the track, the current phase of an Open one, the status (and the day an ended one ended) and
 * the day they were enrolled.
 */
export function EnrolledTable({ rows, caption, emptyMessage }: { rows: EnrolledRow[]; caption: string; emptyMessage: string }) {
  if (rows.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <div className="dashboard-scroll">
      <table className="dashboard-list">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Participant</th>
            <th scope="col">Track</th>
            <th scope="col">Current phase</th>
            <th scope="col">Status</th>
            <th scope="col">Enrolled</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.trackInstanceId}>
              <th scope="row">
                <Link href={`/tracks/${row.trackTemplateId}/assignments/${row.trackInstanceId}`}>{row.participant.name}</Link>
              </th>
              <td>{row.trackName}</td>
              <td>{row.phase?.name ?? '—'}</td>
              <td>
                {row.status}
                {row.endedAt && (
                  <span className="dashboard-muted dashboard-cell-note">
                    <time dateTime={row.endedAt}>{formatDate(row.endedAt)}</time>
                  </span>
                )}
              </td>
              <td>
                <time dateTime={row.enrolledAt}>{formatDate(row.enrolledAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
