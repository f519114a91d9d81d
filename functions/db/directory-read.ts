import { db } from './service';
import { batchGet } from './transact';
import { normaliseTerm, termsPerTarget } from './directory';
import type { SortDirection } from '../../shared/api/list-query';

/**
 * Reading the designed lists of ./directory.ts a page at a time (ARCHITECTURE.md section 5:
 * a page costs the same reads at any table size).
 *
 * Sorted pages: each (scope, list) is one Query in term order that stops after
 * `offset + limit` entries; with several scopes each is read that far and the results are
 * merged by term, which is enough because the scopes of one caller are disjoint subtrees.
 * The total is the sum of the lists' counters: ascending, the counter item sorts first in
 * the list's own partition and comes back in the same Query (entities/directory-count.ts);
 * otherwise the counters are read with one BatchGet.
 *
 * Search: the word lists hold every word start of a name (or `first last` and `last first`
 * for users, their emails in a list beside), so "has a word starting with the text" is
 * begins_with on the term. One target may match on several words, so targets are
 * deduplicated and the lists read until `offset + limit + 1` distinct targets are found
 * (for the user lists, whose targets have at most two terms, a second Query sized for that is
 * nearly always the last; see readMatches). The count of a search is the number
 * of distinct targets found that way: exact up to the end of the page, and one more while
 * further matches exist, so a pager offers the next page exactly when there is one.
 */
export interface DirectoryRow {
  term: string;
  targetId: string;
  display: Record<string, unknown>;
}

export interface DirectoryListRef {
  scopeId: string;
  list: string;
}

export interface SortedSource extends DirectoryListRef {
  /** The counted list holding this list's total (itself, or `locations:<Kind>` for the by-parent order). */
  countList?: string;
}

interface PageBounds {
  direction: SortDirection;
  offset: number;
  limit: number;
}

export interface SortedPageInput extends PageBounds {
  sources: SortedSource[];
  /** Rows that belong to the list but live in no list read here (a caller's own locations), as list rows. */
  extraRows?: DirectoryRow[];
  /** Read the total too (quickSearch, count); plain lists skip it. */
  withCount?: boolean;
}

export interface SearchInput extends PageBounds {
  /** Word lists to search. */
  sources: DirectoryListRef[];
  /** Word rows outside those lists (filtered here by the same prefix). */
  extraRows?: DirectoryRow[];
  text: string;
}

export interface DirectoryPage {
  rows: DirectoryRow[];
  count: number;
}

/** A page of sorted lists, merged; `count` is the counters' total (0 when not asked for). */
export async function readSortedPage(input: SortedPageInput): Promise<DirectoryPage> {
  const take = input.offset + input.limit;
  const ascending = input.direction === 'ASC';
  const countedInline = (source: SortedSource) => Boolean(input.withCount && ascending && source.countList === source.list);
  const separatelyCounted = input.withCount ? input.sources.filter((source) => source.countList && !countedInline(source)) : [];

  const [reads, separateCounts] = await Promise.all([
    Promise.all(input.sources.map((source) => (countedInline(source) ? readWithCount(source, take) : readSorted(source, input.direction, take).then((rows) => ({ rows, count: 0 }))))),
    readCounts(separatelyCounted.map((source) => ({ scopeId: source.scopeId, list: source.countList! }))),
  ]);

  const extraRows = input.extraRows ?? [];
  const rows = mergeDistinct([...reads.flatMap((read) => read.rows), ...extraRows], input.direction);
  const count = input.withCount ? reads.reduce((sum, read) => sum + read.count, separateCounts) + new Set(extraRows.map((row) => row.targetId)).size : 0;
  return { rows: rows.slice(input.offset, take), count };
}

/** A page of targets with a word starting with `text`, in the order of the matching words. */
export async function searchDirectory(input: SearchInput): Promise<DirectoryPage> {
  const prefix = normaliseTerm(input.text);
  const wanted = input.offset + input.limit + 1;
  const found = await Promise.all(input.sources.map((source) => readMatches(source, prefix, input.direction, wanted)));
  const extra = (input.extraRows ?? []).filter((row) => row.term.startsWith(prefix));
  const rows = mergeDistinct([...found.flat(), ...extra], input.direction).slice(0, wanted);
  return { rows: rows.slice(input.offset, input.offset + input.limit), count: rows.length };
}

/** The counters of these lists, added up (one BatchGet per 100 lists). */
export async function readCounts(lists: DirectoryListRef[]): Promise<number> {
  const counts = await batchGet<{ count: number }>(db().entities.directoryCount, lists.map(({ scopeId, list }) => ({ scopeId, list })));
  return counts.reduce((sum, item) => sum + item.count, 0);
}

function asRow(entry: { term: string; targetId: string; display: unknown }): DirectoryRow {
  return { term: entry.term, targetId: entry.targetId, display: (entry.display ?? {}) as Record<string, unknown> };
}

/** The first `take` entries and the counter, in one Query of the list's partition. */
async function readWithCount(source: DirectoryListRef, take: number): Promise<DirectoryPage> {
  const { data } = await db()
    .collections.directory({ scopeId: source.scopeId, list: source.list })
    .go({ limit: take + 1, pages: 1 });
  return { rows: data.directoryEntry.slice(0, take).map(asRow), count: data.directoryCount[0]?.count ?? 0 };
}

async function readSorted(source: DirectoryListRef, direction: SortDirection, take: number): Promise<DirectoryRow[]> {
  const { data } = await db()
    .entities.directoryEntry.query.byList({ scopeId: source.scopeId, list: source.list })
    .go({ order: direction === 'ASC' ? 'asc' : 'desc', limit: take, count: take });
  return data.map(asRow);
}

/**
 * Entries whose term starts with `prefix`, until `wanted` distinct targets (or the end). One target
 * may come back more than once (a user's `first last` and `last first` both matching), leaving a
 * Query short: a list whose targets have at most k terms is then read on for k rows per target
 * still wanted, so a search takes two Queries whatever the number of matches (reading on one row
 * per repeat instead grew with the matches behind the page). Not a hard bound: that second read
 * may also hold the other terms of people the first read found once, and then it reads on.
 */
async function readMatches(source: DirectoryListRef, prefix: string, direction: SortDirection, wanted: number): Promise<DirectoryRow[]> {
  const rows: DirectoryRow[] = [];
  const targets = new Set<string>();
  const perTarget = termsPerTarget(source.list) ?? 1;
  let cursor: string | null = null;
  do {
    const rowsPerTarget = rows.length ? perTarget : 1;
    const page: { data: Array<{ term: string; targetId: string; display: unknown }>; cursor: string | null } = await db()
      .entities.directoryEntry.query.byList({ scopeId: source.scopeId, list: source.list })
      .begins({ term: prefix })
      .go({ order: direction === 'ASC' ? 'asc' : 'desc', limit: (wanted - targets.size) * rowsPerTarget + 1, cursor });
    for (const entry of page.data) {
      rows.push(asRow(entry));
      targets.add(entry.targetId);
    }
    cursor = page.cursor;
  } while (cursor && targets.size < wanted);
  return rows;
}

/**
 * The sort key's order (term, then target id, lower-cased like ElectroDB's keys), so rows
 * from several Queries interleave exactly as one list would.
 */
function sortKeyOf(row: DirectoryRow): string {
  return `${row.term.toLowerCase()}#${row.targetId.toLowerCase()}`;
}

function mergeDistinct(rows: DirectoryRow[], direction: SortDirection): DirectoryRow[] {
  const sign = direction === 'ASC' ? 1 : -1;
  const sorted = rows
    .map((row) => ({ row, key: sortKeyOf(row) }))
    .sort((a, b) => (a.key < b.key ? -sign : a.key > b.key ? sign : 0))
    .map(({ row }) => row);
  const seen = new Set<string>();
  return sorted.filter((row) => !seen.has(row.targetId) && Boolean(seen.add(row.targetId)));
}
