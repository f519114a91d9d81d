import { currentAnnouncementsOf } from '../../db/access/announcements';
import { CURRENT_ANNOUNCEMENTS_MAX } from '../../../shared/schemas/announcement';
import type { AnnouncementView } from '../../../shared/api/announcement';
import type { AuthContext } from '../session/resolve-session';
import { audiencesOf } from './announcement-scope';

/**
 * The shell's announcements dialog: what is live now for everyone and for the caller's
 * conferences (audiencesOf), one bounded Query per audience, latest start first.
 */
export async function currentAnnouncements(auth: AuthContext): Promise<AnnouncementView[]> {
  const now = new Date().toISOString();
  const items = (await Promise.all((await audiencesOf(auth)).map((conferenceId) => currentAnnouncementsOf(conferenceId, now)))).flat();
  return items
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt) || b.announcementId.localeCompare(a.announcementId))
    .slice(0, CURRENT_ANNOUNCEMENTS_MAX)
    .map((item) => ({ id: item.announcementId, title: item.title ?? '', message: item.message }));
}
