import { loadUserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { HierarchyNode } from '../../../shared/auth/ability';
import { grants } from '../../../shared/auth/permissions';
import { LOCATION_KINDS, type LocationKind, type Subject } from '../../../shared/auth/vocabulary';
import { getLocation } from '../permissions/locations';
import { findPermissionById } from '../permissions/permission-lookup';

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

/**
 * An entity's permission hierarchy (SPEC.md section 6, the gate's fallback check): the
 * locations it belongs to, each with its chain. One read per entity (locations carry their chains).
 */
export async function permissionHierarchyOf(subject: Subject | string, id: string): Promise<HierarchyNode[]> {
  if (isLocationKind(subject)) {
    const place = await getLocation(id);
    if (!place || place.kind !== subject) throw new NotFoundError();
    return chainNodes(place.ancestorIds);
  }
  switch (subject) {
    case 'User': {
      const target = await loadUserAggregate(id);
      if (!target) throw new NotFoundError();
      return mergedChains(grants(target.permissions).map((permission) => permission.ancestorIds));
    }
    case 'Permission': {
      const found = await findPermissionById(id);
      if (!found) throw new NotFoundError();
      return chainNodes(found.ancestorIds);
    }
    case 'ChurchMembership': {
      const { data } = await db().entities.churchMembership.query.byId({ membershipId: id }).go();
      if (!data[0]) throw new NotFoundError();
      return chainNodes(data[0].ancestorIds);
    }
    default: {
      const message = `No permission hierarchy for ${subject}.`;
      throw new ValidationError({ subject: [message] }, message);
    }
  }
}
