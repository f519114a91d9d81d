/**
 * Up to `max` items of a newest-first list read a page at a time (each read returns at most the
 * count asked, the page below `below`, an item's id being the cursor). One more than `max` is read
 * so that `complete` says whether the list held more. For reads a caller must take whole but
 * bounded: a data export's History and read-access log.
 */
export async function cappedRead<T>(readPage: (below: string | undefined, limit: number) => Promise<T[]>, idOf: (item: T) => string, max: number, pageSize: number): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  let below: string | undefined;
  for (;;) {
    const want = Math.min(pageSize, max + 1 - items.length);
    const page = await readPage(below, want);
    items.push(...page);
    if (page.length < want || items.length > max) break;
    below = idOf(page.at(-1)!);
  }
  return { items: items.slice(0, max), complete: items.length <= max };
}
