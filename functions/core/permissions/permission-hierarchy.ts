import { loadUserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { scoped, type HierarchyNode } from '../../../shared/auth/ability';
import { grants } from '../../../shared/auth/permissions';
import { LOCATION_KINDS, type LocationKind, type Subject } from '../../../shared/auth/vocabulary';
import type { AuthContext } from '../session/resolve-session';
import { getLocation } from '../../db/access/location-store';
import { findPermissionById } from './permission-lookup';
import { canSeeTarget } from '../users/target-user';

/**
 * A location chain as hierarchy nodes, outermost first: each ancestor with its own prefix
 * of the chain. Chains are complete from the jurisdiction down, so a position names the kind.
 */
export function chainNodes(ancestorIds: string[]): HierarchyNode[] {
  return ancestorIds.map((id, depth) => ({ entity: LOCATION_KINDS[depth], id, ancestorIds: ancestorIds.slice(0, depth + 1) }));
}

/** Several chains as one outermost-first list of nodes, each location once. */
function mergedChains(chains: string[][]): HierarchyNode[] {
  const byId = new Map<string, HierarchyNode>();
  for (const node of chains.flatMap(chainNodes)) if (!byId.has(node.id)) byId.set(node.id, node);
  return [...byId.values()].sort((a, b) => a.ancestorIds.length - b.ancestorIds.length);
}

const isLocationKind = (subject: string): subject is LocationKind => (LOCATION_KINDS as readonly string[]).includes(subject);

type Caller = Pick<AuthContext, 'userId' | 'isSuperadmin' | 'roles' | 'permissions' | 'ability'>;

/**
 * An entity's permission hierarchy (SPEC.md section 6, the gate's fallback check): the
 * locations it belongs to, each with its chain. One read per entity (locations carry their
 * chains). Scoped like the entity itself: what the caller may not read is a 404, the same
 * answer as a missing id, so the route reveals neither existence nor location. The answer
 * keeps only the links at, above or inside the caller's own locations: all the gate needs
 * (the innermost link the caller holds, and any link the caller is denied).
 */
export async function permissionHierarchyOf(auth: Caller, subject: Subject | string, id: string): Promise<HierarchyNode[]> {
  return withinCallerReach(auth, await readableHierarchy(auth, subject, id));
}

async function readableHierarchy(auth: Caller, subject: Subject | string, id: string): Promise<HierarchyNode[]> {
  if (isLocationKind(subject)) {
    const place = await getLocation(id);
    if (!place || place.kind !== subject || !auth.ability.can('read', scoped(subject, { ancestorIds: place.ancestorIds }))) throw new NotFoundError();
    return chainNodes(place.ancestorIds);
  }
  switch (subject) {
    case 'User': {
      const target = await loadUserAggregate(id);
      if (!target || !canSeeTarget(auth, target)) throw new NotFoundError();
      return mergedChains(grants(target.permissions).map((permission) => permission.ancestorIds));
    }
    case 'Permission': {
      const found = await findPermissionById(id);
      const holder = found ? await loadUserAggregate(found.userId) : null;
      if (!found || !holder || !canSeeTarget(auth, holder)) throw new NotFoundError();
      return chainNodes(found.ancestorIds);
    }
    case 'ChurchMembership': {
      const { data } = await db().entities.churchMembership.query.byId({ membershipId: id }).go();
      if (!data[0] || !auth.ability.can('read', scoped('ChurchMembership', { ancestorIds: data[0].ancestorIds }))) throw new NotFoundError();
      return chainNodes(data[0].ancestorIds);
    }
    default: {
      const message = `No permission hierarchy for ${subject}.`;
      throw new ValidationError({ subject: [message] }, message);
    }
  }
}

/** The links on the chain of one of the caller's permissions (grants and denials) or inside one of their locations. */
function withinCallerReach(auth: Caller, nodes: HierarchyNode[]): HierarchyNode[] {
  if (auth.isSuperadmin) return nodes;
  const active = auth.permissions.filter((permission) => permission.active);
  const onCallerChains = new Set(active.flatMap((permission) => permission.ancestorIds));
  const callerLocations = new Set(active.map((permission) => permission.entityId));
  return nodes.filter((node) => onCallerChains.has(node.id) || node.ancestorIds.some((id) => callerLocations.has(id)));
}
