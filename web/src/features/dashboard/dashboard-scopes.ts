import { scoped } from '@shared/auth/ability';
import type { SelectOption } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { locationOptions } from '../../lib/locations/location-options';
import { SYSTEM_SCOPE } from '../admin/governed-scopes';

const matches = (option: SelectOption, text: string) => option.label.toLowerCase().split(/\s+/).some((word) => word.startsWith(text.trim().toLowerCase()));

export interface DashboardScopes {
  /** Where the page starts (superadmin: System; others their first conference, else their first district); null: none governed; undefined while loading. */
  initial: SelectOption | null | undefined;
  /** The Place picker's options for the typed text. */
  search: (text: string) => Promise<SelectOption[]>;
  error: unknown;
}

/**
 * The places whose dashboard the caller may read, as the server decides (docs/security.md
 * "Dashboards"): a superadmin System and every conference (searched on the server); anyone else
 * the conferences and districts they may update, from their own permissions. A conference's
 * districts are chosen in the page's second picker.
 */
export function useDashboardScopes(): DashboardScopes {
  const ability = useAbility();
  const isSuperadmin = ability.can('manage', 'all');
  const own = useApi(routes.user.userPermissions, isSuperadmin ? null : {});
  if (isSuperadmin) {
    return {
      initial: SYSTEM_SCOPE,
      search: async (text) => [...(matches(SYSTEM_SCOPE, text) ? [SYSTEM_SCOPE] : []), ...(await locationOptions('Conference', text))],
      error: undefined,
    };
  }
  const governed = (own.data ?? [])
    .filter((permission) => (permission.entity === 'Conference' || permission.entity === 'District') && permission.active && !permission.denial)
    .filter((permission) => ability.can('update', scoped('District', { ancestorIds: permission.ancestorIds })))
    // Conferences first: the widest view a registrar has.
    .sort((a, b) => Number(a.entity === 'District') - Number(b.entity === 'District') || a.name.localeCompare(b.name))
    .map((permission) => ({ id: permission.entityId, label: permission.name, description: permission.entity }));
  return {
    initial: own.data ? (governed[0] ?? null) : undefined,
    search: async (text) => governed.filter((option) => matches(option, text)),
    error: own.error,
  };
}
