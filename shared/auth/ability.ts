import { createMongoAbility, subject as tagSubject, type ForcedSubject, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { Action, LocationKind, Subject } from './vocabulary';
import { deniedIds, grantedIds, type LocationPermission } from './permissions';
import type { AbilityRule } from './rules';

/**
 * The ability the server enforces and the web app gates UI with. Subjects are either a
 * subject type (type-level check: "does any policy allow it") or a plain object tagged
 * with its type by `scoped()` (instance check: policies AND location scope).
 */
export type AppAbility = MongoAbility<[Action, Subject | ForcedSubject<Exclude<Subject, 'all'>>]>;

export function buildAbility(rules: ReadonlyArray<AbilityRule>): AppAbility {
  return createMongoAbility<AppAbility>(rules as RawRuleOf<AppAbility>[]);
}

/**
 * Tags a plain object with its subject type so an ability check reads its conditions
 * (for scoped subjects, its `ancestorIds`). An untagged object never passes.
 */
export function scoped<T extends object>(subjectType: Subject, entity: T): T & ForcedSubject<Exclude<Subject, 'all'>> {
  return tagSubject(subjectType as Exclude<Subject, 'all'>, entity);
}

/**
 * Whether a role lets the viewer read users other than themself. Everyone reads their own
 * profile by a rule naming their `id` alone (rules.ts); without another rule, a link to
 * someone else's profile would open on 'User not found.'.
 */
export function readsOtherUsers(ability: AppAbility): boolean {
  return ability.rulesFor('read', 'User').some((rule) => !rule.inverted && !(rule.conditions && 'id' in rule.conditions));
}

/** One link of an entity's permission hierarchy: a location and its own ancestor chain. */
export interface HierarchyNode {
  entity: LocationKind;
  id: string;
  /** Outermost first, ending with `id`. */
  ancestorIds: string[];
}

type PermissionFlags = Pick<LocationPermission, 'entity' | 'entityId' | 'active' | 'denial'>;

/**
 * The location to check against (SPEC.md section 6): the innermost link of the entity's
 * permission hierarchy on which the user holds an active, non-denied permission; null when
 * there is none.
 */
export function permissionHierarchyFallback(
  hierarchy: ReadonlyArray<HierarchyNode>,
  userPermissions: ReadonlyArray<PermissionFlags>,
): HierarchyNode | null {
  const granted = grantedIds(userPermissions);
  const innermostFirst = [...hierarchy].sort((a, b) => b.ancestorIds.length - a.ancestorIds.length);
  return innermostFirst.find((node) => granted.has(node.id)) ?? null;
}

/**
 * The gate rule for an entity with an id (SPEC.md section 6, ARCHITECTURE.md section 7):
 * an unconditioned grant (superadmin, unscoped subjects) passes outright; otherwise an
 * active denial anywhere in the hierarchy refuses, and the check runs against the links the
 * user is granted, innermost first (`permissionHierarchyFallback` is the first), passing on
 * the first that allows it; none granted refuses. Trying each granted link matters because
 * role power follows the kind of permission: a conference admin's conference may be an
 * outer link while an inner one is a district they merely sit in.
 */
export function checkWithHierarchy(
  ability: AppAbility,
  action: Action,
  subjectType: Subject,
  hierarchy: ReadonlyArray<HierarchyNode>,
  userPermissions: ReadonlyArray<PermissionFlags>,
): boolean {
  if (ability.can(action, scoped(subjectType, { ancestorIds: [] as string[] }))) return true;
  const denied = deniedIds(userPermissions);
  if (hierarchy.some((node) => denied.has(node.id))) return false;
  const granted = grantedIds(userPermissions);
  const innermostFirst = [...hierarchy].sort((a, b) => b.ancestorIds.length - a.ancestorIds.length);
  return innermostFirst.some((node) => granted.has(node.id) && ability.can(action, scoped(subjectType, { ancestorIds: [...node.ancestorIds] })));
}

/** The default forbidden message: the user cannot execute the action on the subject type. */
export function forbiddenMessage(action: Action, subject: Subject): string {
  return `You cannot ${action} ${subject}.`;
}
