import type { UserView } from '../../../shared/schemas/user';
import { NotFoundError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { visibleUser } from './visible-user';

/** get-users/{ids}: get-user/{id} for each named user (at most ID_LIST_MAX), in the order named; those the caller cannot see are left out. */
export async function visibleUsers(auth: AuthContext, userIds: string[]): Promise<UserView[]> {
  const views = await Promise.all(
    userIds.map((userId) =>
      visibleUser(auth, userId).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
    ),
  );
  return views.filter((view): view is UserView => view !== null);
}
