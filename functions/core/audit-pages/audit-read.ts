import type { EntityItem } from 'electrodb';
import { encodeTime } from 'ulid';
import { AUDIT_CSV_ROWS_MAX, AUDIT_FILTER_READ_MAX, type AuditChainKind, type AuditEntryView, type AuditPage } from '../../../shared/schemas/audit';
import type { auditEntry } from '../../db/entities/audit-entry';
import { cappedRead } from '../../db/capped-read';
import { db } from '../../db/service';
import type { AuthContext } from '../session/resolve-session';
import { requireHistoryReader, requireOrganisationReader } from './audit-access';
import { chainIdOf, chainParts } from '../records/audit-write';
import { toCsv } from '../../lib/tabular/csv';

/**
 * Reading the audit trail (docs/data-model.md "Audit trail"): a History page is one Query of the
 * record's chain, newest first, below the cursor (the last entry id of the page before); the
 * organisation page one Query of the scope's index, between the dates. Without a filter a page
 * reads `limit` entries; with a kind or author filter it reads at most AUDIT_FILTER_READ_MAX and
 * keeps those that match, answering a cursor at the last entry read when it stopped short.
 */
type Entry = EntityItem<typeof auditEntry>;

export interface AuditFilter {
  cursor?: string;
  kind?: string;
  author?: string;
  limit: number;
}

export interface OrganisationFilter extends AuditFilter {
  scopeId: string;
  from?: string;
  to?: string;
}

export function auditEntryView(entry: Entry): AuditEntryView {
  const { kind: chainKind, recordId } = chainParts(entry.chainId);
  return {
    id: entry.entryId,
    chainKind,
    recordId,
    at: entry.at,
    actorId: entry.actorId,
    actorName: entry.actorName,
    ...(entry.onBehalfOf ? { onBehalfOf: entry.onBehalfOf } : {}),
    action: entry.action,
    kind: entry.kind,
    subject: entry.subject,
    changes: entry.changes,
    sealed: entry.seq !== undefined,
  };
}

const matches = (filter: AuditFilter) => (entry: Entry) =>
  (!filter.kind || entry.kind === filter.kind) && (!filter.author || entry.actorId === filter.author || entry.onBehalfOf === filter.author);

/** Smallest and largest entry ids of a time (ULIDs: the time, then 16 random characters). */
const idAt = (time: number, fill: '0' | 'Z') => encodeTime(time, 10) + fill.repeat(16);
const startOf = (value: string) => Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
const endOf = (value: string) => (value.length === 10 ? Date.parse(`${value}T23:59:59.999Z`) : Date.parse(value));

type Reader = (bounds: { below?: string; lowest?: string }, limit: number) => Promise<Entry[]>;

/** One page from a reader, filtered; the cursor is the last entry returned, or the last one read when the bound stopped the read. */
async function pageOf(read: Reader, filter: AuditFilter, lowest?: string): Promise<{ data: Entry[]; cursor: string | null }> {
  const filtered = Boolean(filter.kind || filter.author);
  const want = filtered ? AUDIT_FILTER_READ_MAX : filter.limit + 1;
  const read_ = await read({ below: filter.cursor, lowest }, want);
  if (!filtered) {
    const data = read_.slice(0, filter.limit);
    return { data, cursor: read_.length > filter.limit ? data.at(-1)!.entryId : null };
  }
  const kept = read_.filter(matches(filter));
  if (kept.length > filter.limit) {
    const data = kept.slice(0, filter.limit);
    return { data, cursor: data.at(-1)!.entryId };
  }
  return { data: kept, cursor: read_.length >= want ? read_.at(-1)!.entryId : null };
}

function chainReader(chainId: string): Reader {
  return async ({ below }, limit) => {
    const query = db().entities.auditEntry.query.byChain({ chainId });
    const { data } = await (below ? query.lt({ entryId: below }) : query).go({ order: 'desc', limit, count: limit });
    return data;
  };
}

function scopeReader(scopeId: string): Reader {
  return async ({ below, lowest }, limit) => {
    const query = db().entities.auditEntry.query.byScope({ auditScope: scopeId });
    const ranged = lowest ? query.between({ entryId: lowest }, { entryId: below ?? idAt(Date.now() + 60_000, 'Z') }) : below ? query.lt({ entryId: below }) : query;
    const { data } = await ranged.go({ order: 'desc', limit: limit + 1, count: limit + 1 });
    // `between` includes the cursor's own entry: the page starts below it.
    return data.filter((entry) => entry.entryId !== below).slice(0, limit);
  };
}

export async function auditHistory(auth: AuthContext, chainKind: AuditChainKind, recordId: string, filter: AuditFilter): Promise<AuditPage> {
  await requireHistoryReader(auth, chainKind, recordId);
  const page = await pageOf(chainReader(chainIdOf(chainKind, recordId)), filter);
  return { data: page.data.map(auditEntryView), cursor: page.cursor };
}

/**
 * Up to `max` entries of a record's chain, newest first, in Queries of 500, for a caller that has
 * already decided who may have them (a data export: core/people/data-export/export-records.ts);
 * `complete` is false when the chain holds more.
 */
export async function chainEntries(chainKind: AuditChainKind, recordId: string, max: number): Promise<{ entries: AuditEntryView[]; complete: boolean }> {
  const read = chainReader(chainIdOf(chainKind, recordId));
  const { items, complete } = await cappedRead((below, limit) => read({ below }, limit), (entry) => entry.entryId, max, CSV_READ_PAGE);
  return { entries: items.map(auditEntryView), complete };
}

/** The cursor and `to` together: the page starts below the lower of the two. */
function organisationBounds(filter: OrganisationFilter): { below?: string; lowest?: string } {
  const toId = filter.to ? idAt(endOf(filter.to) + 1, '0') : undefined;
  const below = [filter.cursor, toId].filter((id): id is string => Boolean(id)).sort()[0];
  return { below, lowest: filter.from ? idAt(startOf(filter.from), '0') : undefined };
}

export async function organisationAudit(auth: AuthContext, filter: OrganisationFilter): Promise<AuditPage> {
  await requireOrganisationReader(auth, filter.scopeId);
  const { below, lowest } = organisationBounds(filter);
  const page = await pageOf(scopeReader(filter.scopeId), { ...filter, cursor: below }, lowest);
  return { data: page.data.map(auditEntryView), cursor: page.cursor };
}

/** The export's columns (the organisation page's, one line each). */
export const AUDIT_EXPORT_COLUMNS = ['at', 'record', 'subject', 'kind', 'action', 'actor', 'on behalf of', 'changes', 'sealed'] as const;

/** An entry as an export row: a private value only as "changed", as the page shows it. */
export function auditExportRow(entry: AuditEntryView): string[] {
  const changes = entry.changes.map((change) => (change.changed ? `${change.field}: changed` : `${change.field}: ${change.before ?? ''} -> ${change.after ?? ''}`)).join('; ');
  return [entry.at, `${entry.chainKind} ${entry.recordId}`, entry.subject, entry.kind, entry.action, `${entry.actorName} (${entry.actorId})`, entry.onBehalfOf ?? '', changes, entry.sealed ? 'yes' : 'no'];
}

/** Entries one export reads at most (the filters may skip most of them): twice the rows it may hold. */
const CSV_READ_MAX = 2 * AUDIT_CSV_ROWS_MAX;
const CSV_READ_PAGE = 500;

export type OrganisationExportFilter = Omit<OrganisationFilter, 'cursor' | 'limit'>;

/**
 * A stretch of the organisation page for an export, newest first, for a caller already checked
 * (requireOrganisationReader): the scope's index read in Queries of 500 below `below` (else below
 * the dates' bounds), the filters applied, until `rows` entries are kept or `readMax` read. `next`
 * is where the next stretch starts (the last entry kept or read), null at the page's end.
 */
export async function organisationAuditStretch(filter: OrganisationExportFilter, below: string | undefined, rows: number, readMax: number): Promise<{ entries: AuditEntryView[]; next: string | null }> {
  const read = scopeReader(filter.scopeId);
  const keep = matches({ ...filter, limit: 0 });
  const bounds = organisationBounds({ ...filter, cursor: below, limit: 0 });
  let cursor = bounds.below;
  const entries: AuditEntryView[] = [];
  for (let readSoFar = 0; readSoFar < readMax; ) {
    const page = await read({ below: cursor, lowest: bounds.lowest }, Math.min(CSV_READ_PAGE, readMax - readSoFar));
    readSoFar += page.length;
    for (const entry of page) {
      cursor = entry.entryId;
      if (!keep(entry)) continue;
      entries.push(auditEntryView(entry));
      if (entries.length === rows) return { entries, next: cursor };
    }
    if (page.length < CSV_READ_PAGE && readSoFar < readMax) return { entries, next: null };
  }
  return { entries, next: cursor ?? null };
}

/**
 * The organisation page as CSV (the export engine, functions/core/exports), newest first: up to
 * AUDIT_CSV_ROWS_MAX rows and CSV_READ_MAX entries read; an export cut short by either ends with
 * a row saying so.
 */
export async function organisationAuditCsv(auth: AuthContext, filter: OrganisationExportFilter): Promise<string> {
  await requireOrganisationReader(auth, filter.scopeId);
  const { entries, next } = await organisationAuditStretch(filter, undefined, AUDIT_CSV_ROWS_MAX + 1, CSV_READ_MAX);
  const rows: string[][] = entries.slice(0, AUDIT_CSV_ROWS_MAX).map(auditExportRow);
  if (entries.length > AUDIT_CSV_ROWS_MAX) rows.push([`More than ${AUDIT_CSV_ROWS_MAX} entries: narrow the dates or filters.`]);
  else if (next) rows.push([`Stopped after reading ${CSV_READ_MAX} entries: narrow the dates or filters.`]);
  return toCsv([{ name: 'Audit', columns: AUDIT_EXPORT_COLUMNS, rows }]);
}
