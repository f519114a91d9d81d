import { grants, type LocationPermission } from '../../../shared/auth/permissions';

type Grant = Pick<LocationPermission, 'entity' | 'entityId' | 'ancestorIds' | 'active' | 'denial'>;

/**
 * The caller's active, non-denied permissions without those that sit under another one
 * they hold (a district inside a held conference adds nothing the conference does not
 * already cover). What is left is a set of disjoint subtrees, so lists read per scope can
 * be merged without duplicates and their counters added up.
 */
export function disjointGrants<P extends Grant>(permissions: readonly P[]): P[] {
  const granted = grants(permissions);
  const held = new Set(granted.map((p) => p.entityId));
  const outermost = granted.filter((p) => !p.ancestorIds.some((id) => id !== p.entityId && held.has(id)));
  const seen = new Set<string>();
  return outermost.filter((p) => !seen.has(p.entityId) && Boolean(seen.add(p.entityId)));
}
