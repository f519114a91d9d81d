import { scoped } from '../../../shared/auth/ability';
import type { DashboardScope } from '../../../shared/schemas/dashboard';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { getLocation } from '../../db/access/location-store';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { deniedPlacesInside } from '../scope/list-scopes';
import type { AuthContext } from '../session/resolve-session';

type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles' | 'ability'>;

const DASHBOARD_KINDS = ['Jurisdiction', 'EpiscopalArea', 'Conference', 'District'] as const;

export interface ResolvedDashboardScope {
  scope: DashboardScope;
  /** Places inside it the caller is denied: their figures are taken off (docs/security.md "Dashboards"). */
  hiddenScopeIds: string[];
}

/**
 * Whose dashboard the caller may read: the organisation's (`system`, named System as on the other organisation pages) a superadmin's; a
 * jurisdiction's, area's, conference's or district's whoever may update it (a conference admin
 * their conference and its districts, a district admin their district). Anything else 403; an
 * unknown place, or a church, 404. Decided on the loaded place.
 */
export async function requireDashboardScope(auth: Caller, scopeId: string): Promise<ResolvedDashboardScope> {
  if (scopeId === SYSTEM_LOCATION_ID) {
    if (!auth.isSuperadmin) throw new ForbiddenError();
    return { scope: { id: SYSTEM_LOCATION_ID, name: 'System', kind: 'System' }, hiddenScopeIds: [] };
  }
  const place = await getLocation(scopeId);
  const kind = DASHBOARD_KINDS.find((candidate) => candidate === place?.kind);
  if (!place || !kind) throw new NotFoundError('Location not found.');
  if (!auth.ability.can('update', scoped(kind, { ancestorIds: place.ancestorIds }))) throw new ForbiddenError();
  return { scope: { id: place.locationId, name: place.name, kind }, hiddenScopeIds: deniedPlacesInside(auth, [place.locationId]).map((denial) => denial.entityId) };
}
