import { useEffect, useRef, useState } from 'react';
import { CURRENT_STEP_HELP, IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportKind, type ImportPreview, type ImportResult } from '@shared/imports/csv-import';
import { Alert, Button, Checkbox, LoadingState, RadioGroup, type SelectOption } from '../../../components/ui';
import { FileDropZone } from '../../../components/ui/FileDropZone';
import { JobProgress } from '../../../lib/jobs/JobProgress';
import { useGovernedScopes } from '../governed-scopes';
import { ConferenceScopedTab } from '../GovernedScopeTabs';
import { previewImport, startImport } from './import-api';
import { readImportFile, templateHref } from './import-file';
import { ImportPreviewTable } from './ImportPreviewTable';
import { ImportResultView } from './ImportResultView';
import './imports.css';

const KINDS = [
  { value: 'people', label: 'People' },
  { value: 'enrolments', label: 'Enrolments' },
] as const;

const NOUNS: Record<ImportKind, string> = { people: 'people', enrolments: 'enrolments' };

type Stage = { at: 'choose' } | { at: 'checking'; fileName: string } | { at: 'preview'; fileName: string; preview: ImportPreview } | { at: 'importing'; jobId: string } | { at: 'done'; result: ImportResult };

/**
 * /admin/import (issue 27, item 4; shared/api/csv-import.ts): in one conference, a CSV of people
 * or of enrolments is checked row by row on the server and shown before anything is written;
 * Import then runs the ready rows in a background job. Superadmins and conference admins.
 */
export function ImportTab() {
  const scopes = useGovernedScopes({ withSystem: false });
  return (
    <ConferenceScopedTab scopes={scopes} none="You do not administer a conference, so there is nowhere to import into.">
      {(scope) => <ConferenceImport conference={scope} />}
    </ConferenceScopedTab>
  );
}

function ConferenceImport({ conference }: { conference: SelectOption }) {
  const [kind, setKind] = useState<ImportKind>('people');
  const [stage, setStage] = useState<Stage>({ at: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const [invite, setInvite] = useState(false);
  const [starting, setStarting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // The button pressed is replaced by the job's progress, then by its result: focus stays in the tab, on its title.
  useEffect(() => {
    if (stage.at === 'importing' || stage.at === 'done') title.current?.focus();
  }, [stage.at]);

  async function check(files: File[]) {
    const file = files[0];
    if (!file) return;
    setProblem(null);
    const read = await readImportFile(file);
    if ('problem' in read) return setProblem(`${file.name}: ${read.problem}`);
    setStage({ at: 'checking', fileName: file.name });
    try {
      const preview = await previewImport(conference.id, kind, read.text);
      setStage({ at: 'preview', fileName: file.name, preview });
      // The preview replaces the drop area: focus its heading so a keyboard user lands on the summary.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (error) {
      setStage({ at: 'choose' });
      setProblem(`${file.name}: ${(error as Error).message}`);
    }
  }

  async function importRows(importId: string) {
    setStarting(true);
    setProblem(null);
    try {
      const { jobId } = await startImport(conference.id, importId, kind === 'people' && invite);
      setStage({ at: 'importing', jobId });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setStarting(false);
    }
  }

  const again = () => {
    setStage({ at: 'choose' });
    setProblem(null);
  };

  return (
    <section className="import-section" aria-labelledby="import-title">
      <h2 id="import-title" ref={title} tabIndex={-1} className="import-title">
        Import into {conference.label}
      </h2>
      {problem && (
        <Alert tone="danger" onDismiss={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {stage.at === 'choose' && (
        <>
          <RadioGroup label="What to import" orientation="horizontal" options={KINDS} value={kind} onChange={(value) => setKind(value as ImportKind)} />
          <p className="import-columns">
            Columns, in a header row: <strong>{IMPORT_COLUMNS[kind].join(', ')}</strong>.{' '}
            {kind === 'people'
              ? 'District or church: a name in this conference (empty: the conference itself). Roles: names separated by semicolons.'
              : `Status: Open (when empty), Completed, Withdrawn or Discontinued. ${CURRENT_STEP_HELP}`}{' '}
            <a href={templateHref(kind)} download={`${kind}-template.csv`}>
              Download the {kind === 'people' ? 'people' : 'enrolments'} template
            </a>
          </p>
          <FileDropZone label="CSV file" onFiles={(files) => void check(files)} instructions={`A .csv file of at most ${IMPORT_MAX_BYTES / 1024} KB and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Nothing is imported until you have seen every row.`} />
        </>
      )}
      {stage.at === 'checking' && <LoadingState message={`Checking every row of ${stage.fileName}...`} />}
      {stage.at === 'preview' && (
        <>
          <h3 ref={heading} tabIndex={-1} className="import-subtitle">
            {stage.fileName}
          </h3>
          <ImportPreviewTable preview={stage.preview} />
          {kind === 'people' && (
            <Checkbox isSelected={invite} onChange={setInvite}>
              Send invitations (each new person gets an email to set their password)
            </Checkbox>
          )}
          <div className="import-actions">
            <Button variant="primary" isDisabled={!stage.preview.importId} isPending={starting} onPress={() => void importRows(stage.preview.importId!)}>
              {`Import ${stage.preview.summary.ready} ${stage.preview.summary.ready === 1 ? 'row' : 'rows'}`}
            </Button>
            <Button variant="secondary" onPress={again}>
              Choose another file
            </Button>
          </div>
        </>
      )}
      {stage.at === 'importing' && <JobProgress<ImportResult> jobId={stage.jobId} onSucceeded={(result) => setStage({ at: 'done', result })} onFailed={() => undefined} />}
      {stage.at === 'done' && (
        <>
          <ImportResultView result={stage.result} noun={NOUNS[kind]} />
          <Button variant="secondary" onPress={again}>
            Import another file
          </Button>
        </>
      )}
    </section>
  );
}
