import type { UserRow } from '@shared/api/user-directory';

/** SPEC.md section 9: 'Add Location' names up to 5 users, otherwise gives a count. */
const NAMED_USERS_MAX = 5;

export function selectedUsersText(users: readonly Pick<UserRow, 'firstName' | 'lastName'>[]): string {
  if (users.length > NAMED_USERS_MAX) return `${users.length} selected users`;
  return users.map((user) => `${user.firstName} ${user.lastName}`).join(', ');
}

/** The roles the selected users hold (Remove Role From Users offers only these), by name. */
export function rolesHeldBy(users: readonly Pick<UserRow, 'roles'>[]): Array<{ id: string; name: string }> {
  const byId = new Map(users.flatMap((user) => user.roles.map((role) => [role.id, role] as const)));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
