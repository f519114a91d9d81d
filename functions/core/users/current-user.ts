import type { UserView } from '../../../shared/schemas/user';
import type { AuthContext } from '../session/resolve-session';

/** The signed-in user as the shell needs it: profile basics and role names. */
export function currentUserView(auth: AuthContext): UserView {
  return userViewOf(auth.user, auth.roles);
}

/** A user's profile basics and role names (the signed-in user, a user just added). */
export function userViewOf(user: AuthContext['user'], roles: Array<Pick<AuthContext['roles'][number], 'roleId' | 'name' | 'system'>>): UserView {
  return {
    id: user.userId,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    suffix: user.suffix,
    title: user.title,
    email: user.email,
    phoneNumber: user.phoneNumber,
    inactive: Boolean(user.inactive),
    registered: Boolean(user.cognitoUsername),
    mergedUserId: user.mergedUserId,
    avatar: user.avatar?.url && user.avatar.key ? { url: user.avatar.url, key: user.avatar.key } : undefined,
    roles: roles.map((role) => ({ id: role.roleId, name: role.name, system: role.system })),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
