/**
 * SPEC.md section 5: the upload kinds, the file extensions each accepts ('Any' accepts every
 * file) and the file-name rule. The browser checks a pick with these before asking to
 * upload; the server checks the same again and decides the stored content type itself.
 */
export const UPLOAD_KINDS = {
  Audio: ['.aif', '.mp3', '.mpa', '.wav', '.wma'],
  Document: ['.docx', '.doc', '.txt', '.pdf', '.xls', '.xlsm', '.xlsx', '.ppt', '.pptx'],
  Image: ['.bmp', '.jpeg', '.jpg', '.png'],
  Any: [],
} as const satisfies Record<string, readonly string[]>;

export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as UploadKind[];

/**
 * Largest file of each kind (SPEC.md leaves server limits open): enough for a scanned
 * document or a phone recording, small enough for a presigned POST in one request.
 */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  Audio: 50 * 1024 * 1024,
  Document: 25 * 1024 * 1024,
  Image: 10 * 1024 * 1024,
  Any: 25 * 1024 * 1024,
};

/** Longest stored file name (after the name rule). */
export const FILE_NAME_MAX = 200;

export const FILE_TOO_LARGE = (kind: UploadKind) => `Files of this kind may be at most ${Math.round(UPLOAD_MAX_BYTES[kind] / (1024 * 1024))} MB.`;
export const FILE_TYPE_REFUSED = (kind: UploadKind) => `Only ${UPLOAD_KINDS[kind].join(' ')} files are accepted.`;

/** The extension of a name, lower-case with its dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
}

/**
 * A step's attachments (SPEC.md section 3) take any document, image or audio file: the kind,
 * and so the size limit, follows from the name's extension; other names are refused.
 */
export const ATTACHMENT_KINDS = ['Document', 'Image', 'Audio'] as const satisfies readonly UploadKind[];
export const ATTACHMENT_EXTENSIONS: readonly string[] = ATTACHMENT_KINDS.flatMap((kind) => UPLOAD_KINDS[kind]);
export const ATTACHMENT_TYPE_REFUSED = `Only ${ATTACHMENT_EXTENSIONS.join(' ')} files are accepted.`;

/** The attachment kind a file name belongs to, or null when it is none of them. */
export function attachmentKindOf(fileName: string): UploadKind | null {
  return ATTACHMENT_KINDS.find((kind) => isAcceptedFileName(fileName, kind)) ?? null;
}

/** Whether a file name is allowed for the kind (by extension, case-insensitive). */
export function isAcceptedFileName(fileName: string, kind: UploadKind): boolean {
  const extensions: readonly string[] = UPLOAD_KINDS[kind];
  return extensions.length === 0 || extensions.includes(extensionOf(fileName));
}

/**
 * SPEC.md section 5: special characters and whitespace become an underscore. Letters and
 * digits of any script, '.', '-' and '_' stay; the result is cut to FILE_NAME_MAX keeping
 * the extension.
 */
export function sanitizeFileName(fileName: string): string {
  const cleaned = fileName.trim().replace(/[^\p{L}\p{N}._-]/gu, '_');
  if (cleaned.length <= FILE_NAME_MAX) return cleaned;
  const extension = extensionOf(cleaned).slice(0, 20);
  return cleaned.slice(0, FILE_NAME_MAX - extension.length) + extension;
}

const CONTENT_TYPES: Record<string, string> = {
  '.aif': 'audio/aiff',
  '.mp3': 'audio/mpeg',
  '.mpa': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.wma': 'audio/x-ms-wma',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.xls': 'application/vnd.ms-excel',
  '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.bmp': 'image/bmp',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/**
 * The content type a file is stored with, decided from its extension, never from the
 * browser: anything not listed is stored as bytes, so the bucket never serves HTML or script.
 */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[extensionOf(fileName)] ?? 'application/octet-stream';
}
