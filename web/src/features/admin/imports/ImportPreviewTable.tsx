import type { ImportPreview, ImportRowView } from '@shared/imports/csv-import';
import { Badge, type BadgeTone } from '../../../components/ui';

/** Rows the table shows at once: every problem first, then the others up to this many. */
export const PREVIEW_ROWS_SHOWN = 500;

const STATUS: Record<ImportRowView['status'], { label: string; tone: BadgeTone }> = {
  problem: { label: 'Problem', tone: 'danger' },
  unchanged: { label: 'Unchanged', tone: 'neutral' },
  ready: { label: 'Ready', tone: 'success' },
};

const ORDER: Record<ImportRowView['status'], number> = { problem: 0, unchanged: 1, ready: 2 };

/** "998 rows ready, 2 with problems, 1 unchanged": what Import would do, in one line. */
export function summaryText({ summary }: Pick<ImportPreview, 'summary'>): string {
  const parts = [`${summary.ready} ${summary.ready === 1 ? 'row' : 'rows'} ready`, `${summary.problems} with problems`];
  if (summary.unchanged) parts.push(`${summary.unchanged} already there (unchanged)`);
  return `${parts.join(', ')}.`;
}

/** The checked rows: problems first with every message, then unchanged and ready rows, by line. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const rows = [...preview.rows].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.line - b.line);
  const shown = rows.slice(0, PREVIEW_ROWS_SHOWN);
  return (
    <div className="import-table-frame">
      <table className="import-table">
        <caption className="import-caption">
          {summaryText(preview)}
          {rows.length > shown.length ? ` Showing the first ${shown.length} of ${rows.length} rows, problems first.` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Row</th>
            <th scope="col">Result</th>
            <th scope="col">Messages</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.line} data-status={row.status}>
              <td>{row.line}</td>
              <th scope="row">{row.label}</th>
              <td>
                <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
              </td>
              <td>
                {row.messages.length > 0 && (
                  <ul className="import-messages">
                    {row.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
