import type { EntityItem } from 'electrodb';
import { db } from '../service';
import { NO_END_KEY, type announcement } from '../entities/announcement';

export type AnnouncementItem = EntityItem<typeof announcement>;

/** What every write of an announcement derives from its end: the end key of `byAudienceEnd`. */
export const endsKeyOf = (endsAt: string | null | undefined) => endsAt ?? NO_END_KEY;

/**
 * Announcements read per audience for the shell: the not yet ended ones by end, among which
 * scheduled ones are dropped. Audiences hold a handful at a time; the read stops here.
 */
const CURRENT_READ = 25;

export async function getAnnouncement(announcementId: string): Promise<AnnouncementItem | null> {
  const { data } = await db().entities.announcement.get({ announcementId }).go({ consistent: true });
  return data;
}

/** The announcements of one audience (a conference or `system`) live at `now`: one bounded Query. */
export async function currentAnnouncementsOf(conferenceId: string, now: string): Promise<AnnouncementItem[]> {
  const { data } = await db().entities.announcement.query.byAudienceEnd({ conferenceId }).gt({ endsKey: now }).go({ limit: CURRENT_READ });
  return data.filter((item) => item.startsAt <= now && item.endsKey > now);
}

/** The first `count` announcements by start, newest first: of every audience, or of one. */
export async function announcementsByStart(audience: { all: true } | { conferenceId: string }, count: number): Promise<AnnouncementItem[]> {
  const entity = db().entities.announcement;
  const query = 'all' in audience ? entity.query.list({}) : entity.query.byConference({ conferenceId: audience.conferenceId });
  const { data } = await query.go({ order: 'desc', limit: count });
  return data;
}
