import type { EntityItem } from 'electrodb';
import { USER_MEMBERSHIPS_MAX } from '../../../shared/api/limits';
import { scoped } from '../../../shared/auth/ability';
import { canTogglePrimary } from '../../../shared/auth/policies';
import { ONLY_ACTIVE_MEMBERSHIPS, type ChurchMembershipView } from '../../../shared/schemas/church-membership';
import type { churchMembership } from '../../db/entities/church-membership';
import { newId } from '../../db/ids';
import { db } from '../../db/service';
import { transact, type TransactionWrite } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { getLocationOfKind } from '../../db/access/location-store';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { personEntry } from '../records/audit-records';
import { fieldChange } from '../records/audit-write';

type MembershipItem = EntityItem<typeof churchMembership>;
type MembershipAction = 'read' | 'create' | 'update';

/**
 * Church memberships (SPEC.md sections 3 and 4). Each is checked in the caller's scope at
 * its church (`ChurchMembership` with the church's chain); the user must be one the caller
 * can see. Changes are conditioned on the version read, so a concurrent change is a 409.
 */
const may = (auth: AuthContext, action: MembershipAction, item: Pick<MembershipItem, 'ancestorIds'>) =>
  auth.ability.can(action, scoped('ChurchMembership', { ancestorIds: item.ancestorIds }));

export function membershipView(item: MembershipItem): ChurchMembershipView {
  return {
    id: item.membershipId,
    userId: item.userId,
    church: { id: item.churchId, name: item.churchName },
    active: item.active,
    primary: item.primary,
    constituent: item.constituent,
    version: item.version,
    createdAt: item.createdAt,
  };
}

async function membershipsOf(userId: string): Promise<MembershipItem[]> {
  const { data } = await db().entities.churchMembership.query.byUser({ userId }).go({ consistent: true, limit: USER_MEMBERSHIPS_MAX });
  return data;
}

/** The memberships of a user the caller sees, active first, limited to churches where the caller reads memberships. */
export async function listMemberships(auth: AuthContext, userId: string): Promise<ChurchMembershipView[]> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  const visible = (await membershipsOf(userId)).filter((item) => may(auth, 'read', item));
  return visible.sort((a, b) => Number(b.active) - Number(a.active) || a.churchName.localeCompare(b.churchName)).map(membershipView);
}

/** Add Membership: every check before any write, then one transaction per user. */
export async function addMemberships(auth: AuthContext, input: { userIds: string[]; churchId: string; constituent: boolean }): Promise<ChurchMembershipView[]> {
  const church = await getLocationOfKind(input.churchId, 'Church');
  if (!church || !church.active) throw new ValidationError({ churchId: ['Location is required'] });
  if (!may(auth, 'create', church)) throw new ForbiddenError();
  const targets = await Promise.all([...new Set(input.userIds)].map(loadTargetUser));
  if (targets.some((target) => !canSeeTarget(auth, target))) throw new ForbiddenError();

  const added: ChurchMembershipView[] = [];
  for (const target of targets) {
    const userId = target.user.userId;
    const current = await membershipsOf(userId);
    const existing = current.find((item) => item.churchId === church.locationId);
    if (existing?.active) {
      added.push(membershipView(existing));
      continue;
    }
    const primary = !current.some((item) => item.active);
    const changes = { churchName: church.name, ancestorIds: church.ancestorIds, active: true, primary, constituent: input.constituent };
    const item: MembershipItem = existing
      ? { ...existing, ...changes, version: existing.version + 1 }
      : { userId, membershipId: newId(), churchId: church.locationId, ...changes, version: 1, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
    await transact([
      existing
        ? (tx) => tx.churchMembership.patch({ userId, membershipId: existing.membershipId }).set(changes).add({ version: 1 }).where(ifVersion(existing.version)).commit()
        : // A user's first membership of this church: created only if absent (a concurrent add is a 409, not a duplicate).
          (tx) => tx.churchMembership.create(item).commit(),
      personEntry(auth, target, 'user.membership.added', 'memberships', [{ field: 'church', after: church.name }, ...(primary ? [{ field: 'primary', after: 'yes' }] : []), ...fieldChange('home', existing?.constituent ? 'yes' : undefined, input.constituent ? 'yes' : undefined)]),
    ]);
    added.push(membershipView(item));
  }
  return added;
}

/** A membership named by its id (gsi3), read again by its key for a current version. */
async function findMembership(membershipId: string): Promise<MembershipItem> {
  const { data: found } = await db().entities.churchMembership.query.byId({ membershipId }).go();
  if (!found[0]) throw new NotFoundError('Membership not found.');
  const { data } = await db().entities.churchMembership.get({ userId: found[0].userId, membershipId }).go({ consistent: true });
  if (!data) throw new NotFoundError('Membership not found.');
  return data;
}

/** The membership when the caller sees its user and may update memberships at its church (404 when they cannot see it at all). */
async function changeableMembership(auth: AuthContext, membershipId: string): Promise<{ item: MembershipItem; target: UserAggregate }> {
  const item = await findMembership(membershipId);
  const target = await loadTargetUser(item.userId);
  if (!canSeeTarget(auth, target) || !may(auth, 'read', item)) throw new NotFoundError('Membership not found.');
  if (!may(auth, 'update', item)) throw new ForbiddenError();
  if (!item.active) throw new BusinessRuleError(ONLY_ACTIVE_MEMBERSHIPS);
  return { item, target };
}

const patchMembership = (item: MembershipItem, changes: Partial<Pick<MembershipItem, 'active' | 'primary' | 'constituent'>>): TransactionWrite => (tx) =>
  tx.churchMembership.patch({ userId: item.userId, membershipId: item.membershipId }).set(changes).add({ version: 1 }).where(ifVersion(item.version)).commit();

/** Removing a membership clears active, primary and Home; a removed primary hands primary to another active membership. */
export async function deactivateMembership(auth: AuthContext, membershipId: string): Promise<ChurchMembershipView> {
  const { item, target } = await changeableMembership(auth, membershipId);
  const heir = item.primary ? (await membershipsOf(item.userId)).find((other) => other.active && other.membershipId !== membershipId) : undefined;
  const cleared = { active: false, primary: false, constituent: false };
  const changes = [{ field: 'church', before: item.churchName }, ...(heir ? [{ field: 'primary', before: item.churchName, after: heir.churchName }] : [])];
  await transact([
    patchMembership(item, cleared),
    ...(heir ? [patchMembership(heir, { primary: true })] : []),
    personEntry(auth, target, 'user.membership.removed', 'memberships', changes),
  ]);
  return membershipView({ ...item, ...cleared, version: item.version + 1 });
}

/** 'Home' on or off: Superadmin, Conference Admin and District Admin (SPEC.md section 6), where they may update memberships. */
export async function setConstituent(auth: AuthContext, membershipId: string, constituent: boolean): Promise<ChurchMembershipView> {
  const { item, target } = await changeableMembership(auth, membershipId);
  if (!canTogglePrimary({ roles: auth.roles })) throw new ForbiddenError();
  if (item.constituent === constituent) return membershipView(item);
  await transact([
    patchMembership(item, { constituent }),
    personEntry(auth, target, 'user.membership.home', 'memberships', [{ field: `home (${item.churchName})`, before: item.constituent ? 'yes' : 'no', after: constituent ? 'yes' : 'no' }]),
  ]);
  return membershipView({ ...item, constituent, version: item.version + 1 });
}
