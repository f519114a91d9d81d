import type { LocationPermission, RoleRef } from '../permissions';

/** The permission fields a policy reads; the full LocationPermission also fits. */
export type PermissionFlags = Pick<LocationPermission, 'entity' | 'entityId' | 'active' | 'denial'>;

/** A permission with its location chain, for rules that ask "inside that location?". */
export type ChainedPermission = PermissionFlags & Pick<LocationPermission, 'ancestorIds'>;

export type { LocationPermission, RoleRef };
