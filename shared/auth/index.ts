/** The public API of shared/auth: the one place permission logic lives (ARCHITECTURE.md section 7). */
export * from './vocabulary';
export { SYSTEM_ROLES, systemRoleByName, type RolePolicy, type SystemRoleDefinition } from './system-roles';
export { SUBJECT_TREE, subjectTreeSubjects, type SubjectTreeNode } from './subject-tree';
export { SCOPED_SUBJECTS, SYSTEM_READABLE_SUBJECTS, SYSTEM_SCOPE_ID, isScopedSubject, type ScopedSubject, type ScopedEntity } from './scope';
export { grants, denials, grantedIds, deniedIds, hasSystemRole, hasAnySystemRole, type LocationPermission, type RoleRef } from './permissions';
export {
  GOVERNED_KIND,
  governedKind,
  governedGrants,
  grantsAllowing,
  holdsPowerOver,
  deniedAround,
  roleAllows,
  type RoleWithPolicies,
  type PowerHolder,
} from './role-scope';
export { rulesFor, type AbilityRule, type RulesInput } from './rules';
export {
  buildAbility,
  scoped,
  permissionHierarchyFallback,
  checkWithHierarchy,
  forbiddenMessage,
  type AppAbility,
  type HierarchyNode,
} from './ability';
export * from './policies';
