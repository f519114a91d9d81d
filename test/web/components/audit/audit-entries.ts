import type { AuditEntryView } from '../../../../shared/schemas/audit';

/** An entry id as the server makes them (a ULID): the page's cursor is the last one's. */
export const entryId = (n: number) => `01JF${String(n).padStart(22, '0')}`;

/** An audit entry as the History reads it; sealed, by Carmen Delgado, about Priya Raman. */
export function auditEntry(n: number, overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    id: entryId(n),
    chainKind: 'User',
    recordId: 'u-priya',
    at: `2026-11-${String(10 + (n % 15)).padStart(2, '0')}T14:05:00.000Z`,
    actorId: 'u-carmen',
    actorName: 'Carmen Delgado',
    action: 'user.tag.added',
    kind: 'tags',
    subject: 'Priya Raman',
    changes: [{ field: 'tag', after: `Tag ${n}` }],
    sealed: true,
    ...overrides,
  };
}
