import { scoped } from '@shared/auth/ability';
import type { SelectOption } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { SYSTEM_SCOPE, locationOption, locationOptions, optionMatches as matches } from '../../lib/locations/location-options';

export interface GovernedScopes {
  /** Where the page starts: a superadmin on System, a conference admin on their (first) conference; null when they govern none; undefined while loading. */
  initial: SelectOption | null | undefined;
  /** The scope picker's options for the typed text. */
  search: (text: string) => Promise<SelectOption[]>;
  error: unknown;
}

/**
 * The scopes a caller governs on the organisation's pages (the Audit, Retention and Transfers tabs),
 * as the server decides them (docs/security.md "Audit trail", "Retention and legal holds"): a
 * superadmin System and every conference (the conference search); anyone else the conferences
 * they may update, from their own permissions. Without System (`withSystem` false: transfers are
 * between conferences), a superadmin starts on the first conference by name.
 */
export function useGovernedScopes({ withSystem = true }: { withSystem?: boolean } = {}): GovernedScopes {
  const ability = useAbility();
  const isSuperadmin = ability.can('manage', 'all');
  const own = useApi(routes.user.userPermissions, isSuperadmin ? null : {});
  const first = useApi(routes.conference.quickSearch, isSuperadmin && !withSystem ? { query: { limit: 1, offset: 0 } } : null);
  if (isSuperadmin && withSystem) {
    return {
      initial: SYSTEM_SCOPE,
      search: async (text) => [...(matches(SYSTEM_SCOPE, text) ? [SYSTEM_SCOPE] : []), ...(await locationOptions('Conference', text))],
      error: undefined,
    };
  }
  if (isSuperadmin) {
    return {
      initial: first.data ? (first.data.data.map(locationOption)[0] ?? null) : undefined,
      search: (text) => locationOptions('Conference', text),
      error: first.error,
    };
  }
  const governed = (own.data ?? [])
    .filter((permission) => permission.entity === 'Conference' && permission.active && !permission.denial)
    .filter((permission) => ability.can('update', scoped('Conference', { ancestorIds: permission.ancestorIds })))
    .map((permission) => ({ id: permission.entityId, label: permission.name }));
  return {
    initial: own.data ? (governed[0] ?? null) : undefined,
    search: async (text) => governed.filter((option) => matches(option, text)),
    error: own.error,
  };
}
