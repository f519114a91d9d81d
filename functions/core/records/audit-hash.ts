import { createHash } from 'node:crypto';

/**
 * The audit trail's tamper evidence (docs/security.md "Audit trail"): each entry's content is
 * hashed when it is written (`contentHash`), and the sealer links it to the entry before it in
 * its chain (`chainHash = sha256(prevHash + contentHash)`). Changing, removing or reordering an
 * entry breaks a hash that `npm run check:audit` recomputes.
 */

/** The prevHash of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields the content hash covers: everything the writer decided, nothing the sealer adds. */
export const AUDIT_CONTENT_FIELDS = ['chainId', 'entryId', 'at', 'actorId', 'actorName', 'onBehalfOf', 'action', 'kind', 'subject', 'changes', 'scopeIds', 'auditScope'] as const;

export type AuditContent = Partial<Record<(typeof AUDIT_CONTENT_FIELDS)[number], unknown>>;

/** JSON with object keys sorted at every depth and undefined left out: one text for one content, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function contentHashOf(entry: AuditContent): string {
  const content = Object.fromEntries(AUDIT_CONTENT_FIELDS.map((field) => [field, entry[field]]));
  return sha256(canonicalJson(content));
}

export function chainHashOf(prevHash: string, contentHash: string): string {
  return sha256(prevHash + contentHash);
}
