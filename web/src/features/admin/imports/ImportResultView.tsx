import type { ImportResult } from '@shared/imports/csv-import';
import { Alert } from '../../../components/ui';

/** What the import did: rows written, rows found already there, rows refused while importing (by line, with why). */
export function ImportResultView({ result, noun }: { result: ImportResult; noun: string }) {
  const refused = result.failed.length + result.moreFailed;
  return (
    <div className="import-result">
      <Alert tone={refused ? 'warning' : 'success'} title="Import finished">
        {`Imported ${result.imported} ${noun}. ${result.unchanged} already there (unchanged). ${refused} not imported.`}
      </Alert>
      {result.failed.length > 0 && (
        <ul className="import-messages" aria-label="Rows not imported">
          {result.failed.map((failure) => (
            <li key={failure.line}>{`Line ${failure.line}: ${failure.message}`}</li>
          ))}
          {result.moreFailed > 0 && <li>{`And ${result.moreFailed} more.`}</li>}
        </ul>
      )}
    </div>
  );
}
