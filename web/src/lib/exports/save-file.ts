import type { ExportAnswer } from '@shared/schemas/table-export';

type FileAnswer = Extract<ExportAnswer, { kind: 'file' }>;

/** Saves a small export that came in the answer, under the name the server gave it. */
export function saveFile(file: FileAnswer): void {
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
