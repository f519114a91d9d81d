/**
 * The Announcements tab's dialogs have their own URLs (as the users page's do): Back closes
 * them and a link opens them. /admin/announcements/new, /admin/announcements/{id}/edit,
 * /admin/announcements/{id}/delete and /admin/announcements/publish (Publish Message). Kept free of components.
 */
export const ANNOUNCEMENTS_PATH = '/admin/announcements';

export type AnnouncementDialogRoute = { dialog: 'new' | 'publish' } | { dialog: 'edit' | 'delete'; id: string };

export const announcementDialogPath = (route: AnnouncementDialogRoute) =>
  'id' in route ? `${ANNOUNCEMENTS_PATH}/${encodeURIComponent(route.id)}/${route.dialog}` : `${ANNOUNCEMENTS_PATH}/${route.dialog}`;

/** The dialog a path below the tab names (the router's `*`), or none. */
export function parseAnnouncementDialog(rest: string | undefined): AnnouncementDialogRoute | null {
  const parts = (rest ?? '').split('/').filter(Boolean);
  if (parts.length === 1 && (parts[0] === 'new' || parts[0] === 'publish')) return { dialog: parts[0] };
  if (parts.length === 2 && (parts[1] === 'edit' || parts[1] === 'delete')) return { dialog: parts[1], id: decodeURIComponent(parts[0]) };
  return null;
}
