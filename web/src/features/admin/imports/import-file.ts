import { IMPORT_COLUMNS, IMPORT_EXAMPLES, IMPORT_MAX_BYTES, importFileMessages, type ImportKind } from '@shared/imports/csv-import';

export const NOT_CSV = 'Choose a .csv file (in a spreadsheet: Save as, "CSV (comma delimited)").';

/**
 * The chosen file's text, or why it is refused: only a .csv, and a file over the limit is
 * refused from its size alone, never read (a 50 MB file costs nothing).
 */
export async function readImportFile(file: File): Promise<{ text: string } | { problem: string }> {
  if (!file.name.toLowerCase().endsWith('.csv')) return { problem: NOT_CSV };
  if (file.size === 0) return { problem: importFileMessages.empty };
  if (file.size > IMPORT_MAX_BYTES) return { problem: importFileMessages.tooLarge };
  return { text: await textOf(file) };
}

/** FileReader rather than File.text(): one way that every browser (and the test DOM) has. */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** The template of a kind: its header and one example row (cells without commas or quotes), as a download link's address. */
export function templateHref(kind: ImportKind): string {
  const text = `${IMPORT_COLUMNS[kind].join(',')}\r\n${IMPORT_EXAMPLES[kind].join(',')}\r\n`;
  return `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
}
