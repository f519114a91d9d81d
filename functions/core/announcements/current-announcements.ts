import { listAnnouncements } from '../../db/access/announcements';
import type { AnnouncementView } from '../../../shared/api/announcement';

const MAX_ANNOUNCEMENTS = 20;

export async function currentAnnouncements(): Promise<AnnouncementView[]> {
  const items = await listAnnouncements(MAX_ANNOUNCEMENTS);
  return items.map((item) => ({ id: item.announcementId, message: item.message }));
}
