import { useEffect, useState } from 'react';
import type { AuditEntryView } from '@shared/schemas/audit';
import type { SelectOption } from '../ui';

/** The author filter's id of an entry: the person, or the person who started the job that wrote it. */
const authorId = (entry: AuditEntryView) => entry.onBehalfOf ?? entry.actorId;

/**
 * The authors of the entries loaded so far, by name, kept while filters narrow the list (so the
 * author filter can go back to someone else): the History's author choices.
 */
export function useAuthorsSeen(entries: readonly AuditEntryView[]): SelectOption[] {
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const fresh = entries.filter((entry) => !seen.has(authorId(entry)));
    if (fresh.length === 0) return;
    setSeen((current) => new Map([...current, ...fresh.map((entry) => [authorId(entry), entry.actorName] as const)]));
  }, [entries, seen]);
  return [...seen].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
}
