import { preload } from 'swr';
import { routes } from '../lib/api/routes';
import { call } from '../lib/api/client';
import { apiKey } from '../lib/api/use-api';
import { preloadPageOf } from './page-chunks';

/**
 * What the first screen needs after the account, started while the account loads: the current
 * page's chunk and the announcements dialog's chunk (the dialog opens by itself on every load and
 * is often the largest thing painted). Without this each waits for the account, then for its chunk.
 */
export function warmUpFirstScreen(pathname: string): void {
  preloadPageOf(pathname);
  void import('./AnnouncementsDialog').catch(() => undefined); // the Shell's render reports a failure
}

/**
 * The announcements' data, fetched as soon as the session may use the app (not while it must
 * still set up its authenticator app: the API refuses the call then, and a refused preload
 * would stand in the cache for the dialog's own read).
 */
export function warmUpAnnouncements(): void {
  void preload(apiKey(routes.announcement.announcements), () => call(routes.announcement.announcements, {})).catch(() => undefined);
}
