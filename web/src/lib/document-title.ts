/**
 * The document title: the page's (set by Page) with the unread notification count in front,
 * "(3) Tracks · Formation Tracks" (issue 13), whichever of the two changes.
 */
let pageTitle = typeof document === 'undefined' ? '' : document.title;
let unread = 0;

function apply() {
  document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${pageTitle}` : pageTitle;
}

export function setPageTitle(title: string): void {
  pageTitle = title;
  apply();
}

export function setUnreadInTitle(count: number): void {
  unread = count;
  apply();
}
