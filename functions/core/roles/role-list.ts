import { normaliseTerm, wordStarts } from '../../db/directory';
import type { SortDirection } from '../../../shared/api/list-query';
import { PAGE_SIZES } from '../../../shared/api/limits';
import type { RoleView } from '../../../shared/schemas/role';
import { allRoles } from '../../db/access/role-store';
import { roleView } from './role-view';

export interface RoleListQuery {
  limit?: number;
  offset?: number;
  orderBy?: { column: 'name'; direction: SortDirection };
  where?: { name?: string; system?: boolean };
}

/** Case-insensitive prefix of any word of the name or the label ('ad' finds Conference Admin). */
function matchesSearch(role: RoleView, text: string | undefined): boolean {
  const term = normaliseTerm(text ?? '');
  if (!term) return true;
  return [...wordStarts(role.name), ...wordStarts(role.label)].some((start) => start.startsWith(term));
}

/**
 * The role editor's lists. Roles are few and live in one partition, so each list is one
 * Query of it; search, sort and paging happen on that small result.
 */
export async function rolePage(query: RoleListQuery): Promise<{ data: RoleView[]; count: number }> {
  const { where = {}, orderBy, offset = 0, limit = PAGE_SIZES[0] } = query;
  const matching = (await allRoles())
    .map(roleView)
    .filter((role) => where.system === undefined || role.system === where.system)
    .filter((role) => matchesSearch(role, where.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  if (orderBy?.direction === 'DESC') matching.reverse();
  return { data: matching.slice(offset, offset + limit), count: matching.length };
}
