import type { QueryOf } from '../../../../shared/api/contract';
import type { userApi } from '../../../../shared/api/user';
import { requireUsersTable } from '../../scope/caller-rights';
import { listUsers } from '../../users/user-list';
import { offsetOf, utcText, type TableSource } from './source';

type UsersQuery = QueryOf<typeof userApi.quickSearch>;

export interface UsersExportSpec {
  source: 'users';
  where?: UsersQuery['where'];
  orderBy?: UsersQuery['orderBy'];
}

const names = (refs: Array<{ name: string }>) => refs.map((ref) => ref.name).join(', ');

/**
 * The users table (functions/core/users/user-list.ts): the users the caller can see with the
 * table's filters and order, each with only the conferences and districts the caller may see.
 */
export const usersSource: TableSource<UsersExportSpec> = {
  sheetName: 'Users',
  columns: ['First Name', 'Last Name', 'Email', 'Roles', 'Status', 'Conference', 'District', 'Created'],
  stem: () => 'users',
  title: () => 'Exporting users',
  allowed: async (auth) => requireUsersTable(auth),
  page: async (auth, spec, cursor, take) => {
    requireUsersTable(auth);
    const offset = offsetOf(cursor);
    const page = await listUsers(auth, { where: spec.where, orderBy: spec.orderBy, limit: take, offset });
    const rows = page.data.map((user) => [user.firstName, user.lastName, user.email, names(user.roles), user.status, names(user.conferences), names(user.districts), utcText(user.createdAt)]);
    return { rows, next: page.data.length === take ? { offset: offset + take } : null, total: page.count };
  },
};

