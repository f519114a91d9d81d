import { ACTIONS, LOCATION_KINDS, SUBJECTS, type Action, type LocationKind, type Subject, type SystemRoleName } from './vocabulary';
import { denials, grants, hasSystemRole, type LocationPermission, type RoleRef } from './permissions';
import { isScopedSubject } from './scope';

/**
 * Where a role's power applies (ARCHITECTURE.md section 7, SPEC.md section 6): role power
 * is tied to the permissions of the kind the role governs, never to all of its holder's
 * permissions. A District Admin who also holds a conference permission (a sign-up gives
 * both) administers their district, not the conference; a Conference Admin who also holds
 * a district administers the conference. Roles not named here (Bishop, Advisor, Mentor,
 * Interviewer, Participant, User and every custom role) apply at every location their
 * holder is granted.
 */
export const GOVERNED_KIND: Partial<Record<SystemRoleName, LocationKind>> = {
  ConferenceAdmin: 'Conference',
  DistrictAdmin: 'District',
  DistrictSuperintendent: 'District',
};

/** A role with its stored policies (unknown action or subject names are ignored). */
export type RoleWithPolicies = RoleRef & { policies: ReadonlyArray<{ actions: readonly string[]; subjects: readonly string[] }> };

type Grant = Pick<LocationPermission, 'entity' | 'entityId' | 'active' | 'denial' | 'ancestorIds'>;

/** The kind of permission a role's power follows, or undefined for "every granted location". */
export function governedKind(role: RoleRef): LocationKind | undefined {
  if (role.system === false) return undefined;
  return GOVERNED_KIND[role.name as SystemRoleName];
}

/** The holder's active, non-denied permissions at which this role's power applies. */
export function governedGrants<P extends Grant>(role: RoleRef, permissions: readonly P[]): P[] {
  const kind = governedKind(role);
  return grants(permissions).filter((p) => !kind || p.entity === kind);
}

const CONCRETE_SUBJECTS = SUBJECTS.filter((s) => s !== 'all');

/**
 * One role's policies as actions per concrete subject. A policy's 'update' also grants
 * 'deactivate' (deactivation is an edit of the status); `all` expands to every subject.
 */
export function roleActionsBySubject(role: Pick<RoleWithPolicies, 'policies'>): Map<Exclude<Subject, 'all'>, Action[]> {
  const merged = new Map<Exclude<Subject, 'all'>, Set<Action>>();
  for (const policy of role.policies) {
    const actions = withDeactivate(policy.actions.filter(isAction));
    const subjects = policy.subjects.filter(isSubject).flatMap((s) => (s === 'all' ? CONCRETE_SUBJECTS : [s]));
    for (const subject of subjects) {
      const set = merged.get(subject as Exclude<Subject, 'all'>) ?? new Set<Action>();
      actions.forEach((a) => set.add(a));
      merged.set(subject as Exclude<Subject, 'all'>, set);
    }
  }
  return new Map([...merged].filter(([, set]) => set.size > 0).map(([subject, set]) => [subject, [...set]]));
}

/** Whether one role's policies allow the action on the subject ('manage' allows every action). */
export function roleAllows(role: Pick<RoleWithPolicies, 'policies'>, action: Action, subject: Subject): boolean {
  const actions = roleActionsBySubject(role).get(subject as Exclude<Subject, 'all'>) ?? [];
  return actions.includes(action) || actions.includes('manage');
}

export interface PowerHolder {
  roles: readonly RoleWithPolicies[];
  permissions: readonly Grant[];
}

/**
 * The holder's permissions at which some role of theirs allows the action on the subject
 * (the places whose subtrees they act in), or 'everywhere' for a superadmin. Denials are
 * not applied here: see deniedIn.
 */
export function grantsAllowing<P extends Grant>(holder: { roles: readonly RoleWithPolicies[]; permissions: readonly P[] }, action: Action, subject: Subject): P[] | 'everywhere' {
  if (hasSystemRole(holder.roles, 'Superadmin')) return 'everywhere';
  const found = new Map<string, P>();
  for (const role of holder.roles) {
    if (!roleAllows(role, action, subject)) continue;
    for (const grant of governedGrants(role, holder.permissions)) found.set(grant.entityId, grant);
  }
  return [...found.values()];
}

/** Ids of the holder's active denials that lie at, above or inside the location with this chain. */
export function deniedAround(permissions: readonly Grant[], chain: readonly string[]): string[] {
  const locationId = chain[chain.length - 1];
  return denials(permissions)
    .filter((d) => chain.includes(d.entityId) || d.ancestorIds.includes(locationId))
    .map((d) => d.entityId);
}

/**
 * Whether the holder holds the power `action subject` over the whole subtree of the
 * location with this chain (outermost first, ending with the location): a role of theirs
 * allows it and governs the location or one of its ancestors, and no denial of theirs
 * touches that subtree. Unscoped subjects (Role, FormTemplate ...) need only the policy;
 * `all` only a superadmin. This is the test for granting: nobody hands out power they
 * could not hold themselves at that place.
 */
export function holdsPowerOver(holder: PowerHolder, chain: readonly string[], action: Action, subject: Subject): boolean {
  return holdsPower(holder, chain, action, subject, deniedAround(holder.permissions, chain));
}

/**
 * Like holdsPowerOver, for work that leaves out the places the holder is denied inside the
 * location (publishing skips their people): only a denial at or above the location refuses.
 */
export function holdsPowerAt(holder: PowerHolder, chain: readonly string[], action: Action, subject: Subject): boolean {
  return holdsPower(holder, chain, action, subject, denials(holder.permissions).filter((d) => chain.includes(d.entityId)));
}

function holdsPower(holder: PowerHolder, chain: readonly string[], action: Action, subject: Subject, refusingDenials: readonly unknown[]): boolean {
  if (hasSystemRole(holder.roles, 'Superadmin')) return true;
  if (subject === 'all') return false;
  if (!isScopedSubject(subject)) return holder.roles.some((role) => roleAllows(role, action, subject));
  if (refusingDenials.length > 0) return false;
  const at = grantsAllowing(holder, action, subject);
  return at !== 'everywhere' && at.some((grant) => chain.includes(grant.entityId));
}

/**
 * Whether a role of the holder allows `action subject` at a location of `kind` or above it, not
 * through a place they are denied: whether anything of that subject living at that kind is theirs
 * to act on anywhere. A track template lives at a conference, so a district admin (whose power
 * follows their district permissions) never edits one, whatever their conference permission. A
 * contract states it as `canAt`; the HTTP middleware checks it with `can`, before the body.
 */
export function holdsAtOrAbove(holder: PowerHolder, action: Action, subject: Subject, kind: LocationKind): boolean {
  if (hasSystemRole(holder.roles, 'Superadmin')) return true;
  if (!isScopedSubject(subject)) return holder.roles.some((role) => roleAllows(role, action, subject));
  const at = grantsAllowing(holder, action, subject);
  if (at === 'everywhere') return true;
  const depth = LOCATION_KINDS.indexOf(kind);
  const denied = denials(holder.permissions).map((d) => d.entityId);
  return at.some((grant) => LOCATION_KINDS.indexOf(grant.entity as LocationKind) <= depth && !grant.ancestorIds.some((id) => denied.includes(id)));
}

function withDeactivate(actions: Action[]): Action[] {
  return actions.includes('update') && !actions.includes('deactivate') ? [...actions, 'deactivate'] : actions;
}

function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

function isSubject(value: string): value is Subject {
  return (SUBJECTS as readonly string[]).includes(value);
}
