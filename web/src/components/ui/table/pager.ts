/** A page index (0-based) or a gap in the pager. */
export type PagerItem = number | 'ellipsis';

/** SPEC.md section 9: below this many pages the pager lists them all. */
export const PAGER_SHOW_ALL_BELOW = 7;

/**
 * The pager's buttons: every page when there are fewer than 7, otherwise the first page,
 * the current page with its neighbours, and the last page, with an ellipsis for each gap.
 */
export function pagerItems(pageIndex: number, pageCount: number): PagerItem[] {
  if (pageCount <= 0) return [];
  const allPages = Array.from({ length: pageCount }, (_, page) => page);
  if (pageCount < PAGER_SHOW_ALL_BELOW) return allPages;

  const last = pageCount - 1;
  const current = Math.min(Math.max(pageIndex, 0), last);
  const shown = allPages.filter((page) => page === 0 || page === last || Math.abs(page - current) <= 1);

  const items: PagerItem[] = [];
  shown.forEach((page, position) => {
    if (position > 0 && page - shown[position - 1] > 1) items.push('ellipsis');
    items.push(page);
  });
  return items;
}

/** The 'n-m of total' text under a table (1-based, inclusive). */
export function rangeText(pageIndex: number, pageSize: number, count: number): string {
  if (count <= 0) return '0-0 of 0';
  const first = Math.min(pageIndex * pageSize + 1, count);
  const last = Math.min((pageIndex + 1) * pageSize, count);
  return `${first}-${last} of ${count}`;
}
