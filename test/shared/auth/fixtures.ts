import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { rulesFor } from '../../../shared/auth/rules';
import { buildAbility, scoped, type HierarchyNode } from '../../../shared/auth/ability';
import type { LocationPermission } from '../../../shared/auth/permissions';
import type { LocationKind, Subject, SystemRoleName } from '../../../shared/auth/vocabulary';

/**
 * A small organisation:
 *   J1 > EA1 > C1 > D1 > CH1
 *                   > D2
 *            > C2 > D3
 */
const PARENT: Record<string, { kind: LocationKind; parent?: string }> = {
  J1: { kind: 'Jurisdiction' },
  EA1: { kind: 'EpiscopalArea', parent: 'J1' },
  C1: { kind: 'Conference', parent: 'EA1' },
  C2: { kind: 'Conference', parent: 'EA1' },
  D1: { kind: 'District', parent: 'C1' },
  D2: { kind: 'District', parent: 'C1' },
  D3: { kind: 'District', parent: 'C2' },
  CH1: { kind: 'Church', parent: 'D1' },
};
export const LOCATION_IDS = Object.keys(PARENT);

/** Outermost first, ending with the location itself. */
export function chain(id: string): string[] {
  const parent = PARENT[id].parent;
  return parent ? [...chain(parent), id] : [id];
}

export function kindOf(id: string): LocationKind {
  return PARENT[id].kind;
}

export function hierarchy(id: string): HierarchyNode[] {
  return chain(id).map((nodeId) => ({ entity: kindOf(nodeId), id: nodeId, ancestorIds: chain(nodeId) }));
}

export function perm(id: string, flags: Partial<Pick<LocationPermission, 'active' | 'denial'>> = {}): LocationPermission {
  return { entity: kindOf(id), entityId: id, active: true, denial: false, ancestorIds: chain(id), ...flags };
}

export function systemRoles(...names: SystemRoleName[]) {
  return names.map((name) => {
    const role = SYSTEM_ROLES.find((r) => r.name === name)!;
    return { name: role.name, system: true, policies: role.policies };
  });
}

export const SELF = 'user-self';

export function abilityOf(names: SystemRoleName[], permissions: LocationPermission[] = []) {
  return buildAbility(rulesFor({ userId: SELF, roles: systemRoles(...names), permissions }));
}

/** A scoped entity located at a location (or anything with this chain). */
export function at(subject: Subject, locationId: string, extra: object = {}) {
  return scoped(subject, { ancestorIds: chain(locationId), ...extra });
}
