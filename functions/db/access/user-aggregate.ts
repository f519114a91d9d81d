import type { EntityItem } from 'electrodb';
import { db } from '../service';
import type { permission } from '../entities/permission';
import type { session } from '../entities/session';
import type { user } from '../entities/user';
import type { userRole } from '../entities/user-role';

export interface UserAggregate {
  user: EntityItem<typeof user>;
  roles: EntityItem<typeof userRole>[];
  permissions: EntityItem<typeof permission>[];
  sessions: EntityItem<typeof session>[];
}

/**
 * What every request needs about its user, from ONE Query of the user's partition
 * (collection `userAggregate`: profile, roles, permissions, sessions; comments, files
 * and notifications live in other collections of the partition and are not read).
 * Null when there is no such user.
 */
export async function loadUserAggregate(userId: string, options: { consistent?: boolean } = {}): Promise<UserAggregate | null> {
  const { data } = await db().collections.userAggregate({ userId }).go({ consistent: options.consistent });
  const [profile] = data.user;
  if (!profile) return null;
  return { user: profile, roles: data.userRole, permissions: data.permission, sessions: data.session };
}
