import type { Action, Subject } from './vocabulary';
import { denials, hasSystemRole, type LocationPermission, type RoleRef } from './permissions';
import { governedGrants, roleActionsBySubject } from './role-scope';
import { SCOPED_SUBJECTS, SYSTEM_SCOPE_ID, isScopedSubject, isSystemReadable, type ScopedSubject } from './scope';

/**
 * One CASL raw rule, exactly the shape `GET /api/user/abilities` sends
 * (`AbilityRuleView` in shared/schemas/ability.ts) and `buildAbility` accepts.
 */
export interface AbilityRule {
  action: Action | Action[];
  subject: Subject | Subject[];
  conditions?: Record<string, unknown>;
  inverted?: boolean;
}

export interface RulesInput {
  userId: string;
  /** The user's roles with their stored policies (unknown action or subject names are ignored). */
  roles: Array<RoleRef & { policies: Array<{ actions: string[]; subjects: string[] }> }>;
  /** All of the user's location permissions; inactive ones are ignored, denials narrow. */
  permissions: LocationPermission[];
}

/**
 * Subjects a user may also read when they sit exactly at a location above one of the
 * user's permissions: a participant in a district reads the conference's track templates,
 * a district admin reads their conference. People data (users, comments, instances ...)
 * is never read upwards, so siblings in other districts stay invisible.
 */
const UPWARD_READABLE: ReadonlySet<Subject> = new Set<Subject>([
  'Jurisdiction',
  'EpiscopalArea',
  'Conference',
  'District',
  'TrackTemplate',
  'Phase',
  'Step',
  'UserGroup',
]);

/**
 * Turns roles + location permissions into CASL rules (ARCHITECTURE.md section 7).
 *
 * - A system Superadmin gets `manage all`, unconditioned, and nothing else matters.
 * - Each role is turned into rules on its own, scoped to the locations it governs
 *   (role-scope.ts: a Conference Admin its conference permissions, a District Admin or
 *   Superintendent their district permissions, any other role all granted ones). Power
 *   never combines one role's policy with another role's locations, because CASL ORs
 *   rules: each rule carries one role's actions and that role's locations.
 * - Unscoped subjects (see scope.ts) get the policy's actions unconditioned.
 * - Scoped subjects get conditions on the instance's `ancestorIds`: it must contain a
 *   location the role governs. Reads also reach system (conference-less) track designs
 *   and interview groups, and, for UPWARD_READABLE subjects, entities located exactly at
 *   an ancestor of a governed location (chain length pins the position: a location at
 *   depth d is the last element of a chain of length d + 1).
 * - Active denials add inverted rules last among the location rules, so they beat any grant.
 * - Everyone may read and update their own User (`id`) and read and mark read their own
 *   Notifications (`userId`); these come last so a denial cannot lock someone out of
 *   their own profile.
 * - A policy's 'update' also grants 'deactivate' (deactivation is an edit of the status).
 * Type-level checks (`can('update', 'Conference')`) ignore conditions: they answer "does
 * any policy allow it", which is what navigation needs.
 */
export function rulesFor(input: RulesInput): AbilityRule[] {
  if (input.roles.some((role) => hasSystemRole([role], 'Superadmin'))) return [{ action: 'manage', subject: 'all' }];

  const rules: AbilityRule[] = [];
  for (const role of input.roles) {
    const governed = governedGrants(role, input.permissions);
    const scope = { ids: unique(governed.map((p) => p.entityId)), upwardByDepth: ancestorsByDepth(governed.map((p) => p.ancestorIds)) };
    for (const [subject, actions] of roleActionsBySubject(role)) {
      rules.push(...(isScopedSubject(subject) ? scopedRules(subject, actions, scope) : [{ action: actions, subject }]));
    }
  }
  rules.push(...denialRules(input.permissions));
  rules.push(...ownRules(input.userId));
  return rules;
}

interface Scope {
  ids: string[];
  /** Ancestors of governed locations (excluding the governed locations), by depth. */
  upwardByDepth: Map<number, string[]>;
}

function scopedRules(subject: ScopedSubject, actions: Action[], scope: Scope): AbilityRule[] {
  const rules: AbilityRule[] = [{ action: actions, subject, conditions: within(scope.ids) }];
  // 'manage' already includes read; widening reads applies to an explicit read only.
  if (!actions.includes('read')) return rules;
  if (isSystemReadable(subject)) rules.push({ action: 'read', subject, conditions: within([SYSTEM_SCOPE_ID]) });
  if (UPWARD_READABLE.has(subject)) {
    for (const [depth, ids] of scope.upwardByDepth) {
      rules.push({ action: 'read', subject, conditions: { ancestorIds: { $in: ids, $size: depth + 1 } } });
    }
  }
  return rules;
}

function denialRules(permissions: LocationPermission[]): AbilityRule[] {
  const denied = unique(denials(permissions).map((p) => p.entityId));
  if (denied.length === 0) return [];
  return [{ action: 'manage', subject: [...SCOPED_SUBJECTS], conditions: within(denied), inverted: true }];
}

function ownRules(userId: string): AbilityRule[] {
  return [
    { action: ['read', 'update'], subject: 'User', conditions: { id: userId } },
    { action: ['read', 'update'], subject: 'Notification', conditions: { userId } },
  ];
}

function within(ids: string[]): Record<string, unknown> {
  return { ancestorIds: { $in: ids } };
}

function ancestorsByDepth(chains: string[][]): Map<number, string[]> {
  const byDepth = new Map<number, Set<string>>();
  for (const chain of chains) {
    chain.slice(0, -1).forEach((id, depth) => {
      const set = byDepth.get(depth) ?? new Set<string>();
      set.add(id);
      byDepth.set(depth, set);
    });
  }
  return new Map([...byDepth].map(([depth, set]) => [depth, [...set]]));
}


function unique(values: string[]): string[] {
  return [...new Set(values)];
}


