import { randomUUID } from 'node:crypto';
import { db } from '../../functions/db/service';
import { getLocation } from '../../functions/db/access/location-store';
import { projectUser } from '../../functions/core/users/user-projector';
import { systemRoleByName } from '../../shared/auth/system-roles';
import type { SystemRoleName } from '../../shared/auth/vocabulary';

export interface TestUserInput {
  firstName: string;
  lastName: string;
  /** The location the user holds their one permission on. */
  locationId: string;
  role?: SystemRoleName;
  inactive?: boolean;
  createdAt?: string;
}

/**
 * A user with one role and one location, as the seed writes people, projected into the
 * directory by the real projector. For tests that need many users before Add User can make them.
 */
export async function putTestUser(input: TestUserInput): Promise<string> {
  const userId = `test-user-${randomUUID()}`;
  const location = await getLocation(input.locationId);
  if (!location) throw new Error(`No location ${input.locationId}`);
  const role = systemRoleByName(input.role ?? 'Participant');
  const createdAt = input.createdAt ?? new Date().toISOString();
  const email = `${input.firstName}.${input.lastName}.${userId.slice(-6)}@example.org`.toLowerCase();
  const entities = db().entities;
  await Promise.all([
    entities.user.put({ userId, firstName: input.firstName, lastName: input.lastName, email, inactive: Boolean(input.inactive), createdAt, updatedAt: createdAt }).go(),
    entities.userRole.put({ userId, roleId: role.id, roleName: role.name, createdAt }).go(),
    entities.permission
      .put({ userId, permissionId: randomUUID(), entity: location.kind as never, entityId: location.locationId, ancestorIds: location.ancestorIds, primary: true, createdAt, updatedAt: createdAt })
      .go(),
  ]);
  await projectUser(userId);
  return userId;
}
