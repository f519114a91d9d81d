/** SPEC.md section 5: the upload kinds and the file extensions each accepts ('Any' accepts every file). */
export const UPLOAD_KINDS = {
  Audio: ['.aif', '.mp3', '.mpa', '.wav', '.wma'],
  Document: ['.docx', '.doc', '.txt', '.pdf', '.xls', '.xlsm', '.xlsx', '.ppt', '.pptx'],
  Image: ['.bmp', '.jpeg', '.jpg', '.png'],
  Any: [],
} as const satisfies Record<string, readonly string[]>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Whether a file name is allowed for the kind (by extension, case-insensitive). */
export function isAcceptedFileName(fileName: string, kind: UploadKind): boolean {
  const extensions: readonly string[] = UPLOAD_KINDS[kind];
  if (extensions.length === 0) return true;
  const name = fileName.toLowerCase();
  return extensions.some((extension) => name.endsWith(extension));
}
