import type { EntityItem } from 'electrodb';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import type { permission } from '../../db/entities/permission';
import type { user } from '../../db/entities/user';
import { db } from '../../db/service';
import { knownTimeZone, quietHoursOf, type QuietHours } from '../../lib/zoned-time';

/**
 * Who a notification goes to, as the delivery policy needs it: the user's current profile
 * (opt-ins, address, number) and their conference (its name heads the email; its time zone
 * and quiet hours set the digest hour, when SMS may go and the day the SMS cap counts). Two reads: the user's aggregate (one Query)
 * and the conference (one GetItem).
 */
export interface Recipient {
  user: EntityItem<typeof user>;
  conferenceName?: string;
  timeZone: string;
  /** The conference's SMS quiet hours (default 21:00-08:00). */
  quietHours: QuietHours;
}

type Permission = EntityItem<typeof permission>;

/** The conference a permission lies in (its location or an ancestor), if any. */
function conferenceIdOf({ entity, entityId, ancestorIds }: Permission): string | undefined {
  if (entity === 'Conference') return entityId;
  if (entity === 'District') return ancestorIds.at(-2);
  if (entity === 'Church') return ancestorIds.at(-3);
  return undefined;
}

/** The user's primary conference: their primary permission's, else the first active one's. */
export function primaryConferenceId(permissions: readonly Permission[]): string | undefined {
  const usable = permissions.filter((p) => p.active && !p.denial && conferenceIdOf(p));
  const chosen = usable.find((p) => p.primary) ?? usable[0];
  return chosen && conferenceIdOf(chosen);
}

export async function readRecipient(userId: string): Promise<Recipient | null> {
  const aggregate = await loadUserAggregate(userId);
  if (!aggregate) return null;
  const conferenceId = primaryConferenceId(aggregate.permissions);
  const conference = conferenceId ? (await db().entities.location.get({ locationId: conferenceId }).go()).data : null;
  return { user: aggregate.user, conferenceName: conference?.name, timeZone: knownTimeZone(conference?.timeZone), quietHours: quietHoursOf(conference) };
}
