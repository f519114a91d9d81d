import { scoped } from '@shared/auth/ability';
import type { SelectOption } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { SYSTEM_SCOPE, locationOptions, optionMatches as matches } from '../../lib/locations/location-options';

export interface DashboardScopes {
  /** Where the page starts (superadmin: System; others their first conference, else their first district); null: none governed; undefined while loading. */
  initial: SelectOption | null | undefined;
  /** The Place picker's options for the typed text. */
  search: (text: string) => Promise<SelectOption[]>;
  error: unknown;
}

/** The kinds of place a dashboard reads, as the Place picker names them (its options' description). */
export const PLACE_KINDS = { Jurisdiction: 'Jurisdiction', EpiscopalArea: 'Episcopal Area', Conference: 'Conference', District: 'District' } as const;
type PlaceKind = keyof typeof PLACE_KINDS;

/** A searched location as a Place option, named by its kind (a conference then offers its districts). */
const ofKind = (kind: PlaceKind) => (option: SelectOption): SelectOption => ({ ...option, description: PLACE_KINDS[kind] });

/**
 * The places whose dashboard the caller may read, as the server decides (docs/security.md
 * "Dashboards"): a superadmin System and every jurisdiction, episcopal area and conference
 * (searched on the server); anyone else the places they may update, from their own permissions. A
 * conference's districts are chosen in the page's second picker.
 */
export function useDashboardScopes(): DashboardScopes {
  const ability = useAbility();
  const isSuperadmin = ability.can('manage', 'all');
  const own = useApi(routes.user.userPermissions, isSuperadmin ? null : {});
  if (isSuperadmin) {
    return {
      initial: SYSTEM_SCOPE,
      search: async (text) => {
        const found = await Promise.all((['Jurisdiction', 'EpiscopalArea', 'Conference'] as const).map(async (kind) => (await locationOptions(kind, text)).map(ofKind(kind))));
        return [...(matches(SYSTEM_SCOPE, text) ? [SYSTEM_SCOPE] : []), ...found.flat()];
      },
      error: undefined,
    };
  }
  const governed = (own.data ?? [])
    .filter((permission): permission is typeof permission & { entity: PlaceKind } => permission.entity in PLACE_KINDS && permission.active && !permission.denial)
    .filter((permission) => ability.can('update', scoped(permission.entity, { ancestorIds: permission.ancestorIds })))
    // The widest view a registrar has first.
    .sort((a, b) => PLACE_ORDER.indexOf(a.entity) - PLACE_ORDER.indexOf(b.entity) || a.name.localeCompare(b.name))
    .map((permission) => ({ id: permission.entityId, label: permission.name, description: PLACE_KINDS[permission.entity] }));
  return {
    initial: own.data ? (governed[0] ?? null) : undefined,
    search: async (text) => governed.filter((option) => matches(option, text)),
    error: own.error,
  };
}

const PLACE_ORDER = Object.keys(PLACE_KINDS) as PlaceKind[];
