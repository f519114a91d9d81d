/**
 * Largest request body a route reads, in bytes as sent (UTF-8 text, or the decoded bytes of a
 * base64 body): more is a 413 before any parsing. The local API gateway stops reading at the
 * same size and answers the same way.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

export const PAYLOAD_TOO_LARGE = 'Payload Too Large';

/** The body's size in bytes (a base64 body's decoded size, computed without decoding it). */
export function bodyBytes(body: string, isBase64Encoded: boolean): number {
  if (!isBase64Encoded) return Buffer.byteLength(body, 'utf8');
  return Buffer.byteLength(body, 'base64');
}
