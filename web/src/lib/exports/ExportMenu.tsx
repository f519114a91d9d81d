import { useState } from 'react';
import type { ExportAnswer, ExportFormat, TableExportResult } from '@shared/schemas/table-export';
import { Alert, Button, MenuButton } from '../../components/ui';
import { JobProgress } from '../jobs/JobProgress';
import { saveFile } from './save-file';
import { tableExportLink } from './table-export-link';
import './export-menu.css';

export const EXPORT_LABEL = 'Export';
export const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'Download CSV', xlsx: 'Download XLSX (Excel)' };

type State = { step: 'idle' } | { step: 'working' } | { step: 'job'; jobId: string; failed?: boolean } | { step: 'ready'; jobId: string; result: TableExportResult };

export interface ExportMenuProps {
  /** What is exported, for the button's name: 'participants', 'users'. */
  what: string;
  /** Asks the server for the export of what the table shows now. */
  start: (format: ExportFormat) => Promise<ExportAnswer>;
}

/**
 * A table's Export menu (CSV or XLSX of exactly what the viewer may see with the current filters;
 * docs/security.md "Table exports"). A small export downloads at once; a large one is a job whose
 * progress shows here, then a Download button reads its short-lived link at the press.
 */
export function ExportMenu({ what, start }: ExportMenuProps) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function run(format: ExportFormat) {
    setMessage(null);
    setState({ step: 'working' });
    try {
      const answer = await start(format);
      if (answer.kind === 'job') return setState({ step: 'job', jobId: answer.jobId });
      saveFile(answer);
      setState({ step: 'idle' });
      setMessage({ tone: 'success', text: `Downloaded ${answer.fileName} (${answer.rows} ${answer.rows === 1 ? 'row' : 'rows'}).` });
    } catch (error) {
      setState({ step: 'idle' });
      setMessage({ tone: 'danger', text: (error as Error).message });
    }
  }

  async function download(jobId: string) {
    setMessage(null);
    try {
      const { url } = await tableExportLink(jobId);
      window.location.assign(url);
    } catch (error) {
      setMessage({ tone: 'danger', text: (error as Error).message });
    }
  }

  const busy = state.step === 'working' || (state.step === 'job' && !state.failed);
  return (
    <div className="table-export">
      {busy ? (
        <Button variant="secondary" isDisabled>
          {state.step === 'working' ? 'Exporting…' : EXPORT_LABEL}
        </Button>
      ) : (
        <MenuButton
          label={EXPORT_LABEL}
          aria-label={`Export ${what}`}
          variant="secondary"
          // It opens at the start of a toolbar: the list hangs below it, not off to its left.
          placement="bottom start"
          items={(['csv', 'xlsx'] as const).map((format) => ({ id: format, label: FORMAT_LABELS[format], onAction: () => void run(format) }))}
        />
      )}
      {state.step === 'job' && (
        <JobProgress<TableExportResult>
          jobId={state.jobId}
          onSucceeded={(result) => setState({ step: 'ready', jobId: state.jobId, result })}
          // The job's message stays on screen; the menu may start another export.
          onFailed={() => setState({ step: 'job', jobId: state.jobId, failed: true })}
        />
      )}
      {state.step === 'ready' && (
        <Button variant="primary" onPress={() => void download(state.jobId)}>
          {`Download ${state.result.fileName} (${state.result.rows} rows)`}
        </Button>
      )}
      {state.step === 'ready' && state.result.truncated && <Alert tone="info">The export stopped at its limit of rows: narrow the filters to export the rest.</Alert>}
      <div role="status" aria-live="polite">
        {message?.tone === 'success' && message.text}
      </div>
      {message?.tone === 'danger' && <Alert tone="danger">{message.text}</Alert>}
    </div>
  );
}
