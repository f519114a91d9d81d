import type { EntityItem } from 'electrodb';
import { db } from '../service';
import type { announcement } from '../entities/announcement';

/** Inactive announcements are rare: read a few times the limit and filter them out. */
const READ_AHEAD = 4;

/**
 * Active announcements, newest first: one bounded Query of the announcements partition.
 */
export async function listAnnouncements(limit: number): Promise<EntityItem<typeof announcement>[]> {
  const { data } = await db()
    .entities.announcement.query.list({})
    .where(({ active }, { eq }) => eq(active, true))
    .go({ order: 'desc', limit: limit * READ_AHEAD });
  return data.slice(0, limit);
}
