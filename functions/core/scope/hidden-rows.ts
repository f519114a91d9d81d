import {
  readCounts,
  readSortedPage,
  searchDirectory,
  type DirectoryListRef,
  type DirectoryPage,
  type DirectoryRow,
  type SearchInput,
  type SortedPageInput,
} from '../../db/directory-read';

/**
 * What a caller's denials take out of the lists they read (a location denied inside a
 * granted subtree): the entries of the denied locations' own lists (everything at or below
 * them, for example the users of a denied district) and the rows of the denied locations
 * themselves (a denied district in its conference's district list).
 */
export interface HiddenRows {
  /** Denied locations inside the scopes read (outermost denials only). */
  scopeIds: string[];
  /** Rows the denied locations themselves have in the lists read. */
  rows: DirectoryRow[];
}

export const NOTHING_HIDDEN: HiddenRows = { scopeIds: [], rows: [] };

type Read = (sources: DirectoryListRef[], take: number) => Promise<DirectoryPage>;

/**
 * The first `offset + limit` rows of the lists without the hidden ones. A denied list is a
 * subset of a list read, in the same order, so the denied rows among the first `take` rows
 * read are among the denied lists' first `take`: each round reads both that far, and
 * reads further by as many rows as were left out. Reads grow with the denied rows met
 * before the page ends, never with the table.
 */
async function withoutHidden(sources: DirectoryListRef[], hidden: HiddenRows, want: number, read: Read): Promise<{ rows: DirectoryRow[]; page: DirectoryPage }> {
  const lists = [...new Set(sources.map((source) => source.list))];
  const deniedSources = hidden.scopeIds.flatMap((scopeId) => lists.map((list) => ({ scopeId, list })));
  const hiddenIds = new Set(hidden.rows.map((row) => row.targetId));
  for (let take = want + hiddenIds.size; ; ) {
    const [page, denied] = await Promise.all([read(sources, take), deniedSources.length ? read(deniedSources, take) : Promise.resolve({ rows: [], count: 0 })]);
    const out = new Set([...hiddenIds, ...denied.rows.map((row) => row.targetId)]);
    const rows = page.rows.filter((row) => !out.has(row.targetId));
    const dropped = page.rows.length - rows.length;
    if (rows.length >= want || page.rows.length < take || take >= want + dropped) return { rows, page };
    take = want + dropped;
  }
}

/** A sorted page without the hidden rows; the total subtracts the denied lists' counters and the denied locations' own rows. */
export async function readSortedPageWithout(input: SortedPageInput, hidden: HiddenRows): Promise<DirectoryPage> {
  if (hidden.scopeIds.length === 0 && hidden.rows.length === 0) return readSortedPage(input);
  const want = input.offset + input.limit;
  const read: Read = (sources, take) => readSortedPage({ ...input, sources, extraRows: sources === input.sources ? input.extraRows : [], withCount: false, offset: 0, limit: take });
  const { rows } = await withoutHidden(input.sources, hidden, want, read);
  const page = rows.slice(input.offset, want);
  if (!input.withCount) return { rows: page, count: 0 };
  const countLists = [...new Set(input.sources.flatMap((source) => (source.countList ? [source.countList] : [])))];
  const [listed, hiddenTotal] = await Promise.all([
    readCounts(input.sources.filter((source) => source.countList).map((source) => ({ scopeId: source.scopeId, list: source.countList! }))),
    readCounts(hidden.scopeIds.flatMap((scopeId) => countLists.map((list) => ({ scopeId, list })))),
  ]);
  const total = listed + new Set((input.extraRows ?? []).map((row) => row.targetId)).size;
  return { rows: page, count: Math.max(0, total - hiddenTotal - new Set(hidden.rows.map((row) => row.targetId)).size) };
}

/** A search page without the hidden rows (the denied word lists are searched with the same text). */
export async function searchWithout(input: SearchInput, hidden: HiddenRows): Promise<DirectoryPage> {
  if (hidden.scopeIds.length === 0 && hidden.rows.length === 0) return searchDirectory(input);
  const want = input.offset + input.limit;
  const read: Read = (sources, take) => searchDirectory({ ...input, sources, extraRows: sources === input.sources ? input.extraRows : [], offset: 0, limit: take });
  const { rows, page } = await withoutHidden(input.sources, hidden, want, read);
  // The search count is "found so far, plus one while more exist" (directory-read.ts): keep that shape.
  return { rows: rows.slice(input.offset, want), count: Math.max(rows.length, page.count - (page.rows.length - rows.length)) };
}
