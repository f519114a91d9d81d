import * as z from 'zod';
import { defineContract } from './contract';
import { BULK_MAX } from './limits';
import { idArray, idOf, idSchema } from './id-list';
import { permissionSchema, locationKindSchema } from '../schemas/permission';
import { LOCATION_KINDS } from '../auth/vocabulary';

/**
 * Location permissions on users (SPEC.md section 7, user calls). Adding makes the user
 * visible in that location's scope; removing marks the permission inactive; one active
 * permission per kind is primary. Rules of SPEC.md section 6: only superadmins, conference
 * admins and district admins toggle primary; only superadmins remove a user's last conference.
 */
const locationTarget = { entity: locationKindSchema, entityId: idOf('Location is required') };

const hierarchyPermission = z.object({ entity: z.enum(LOCATION_KINDS), entityId: z.string(), active: z.boolean(), denial: z.boolean(), ancestorIds: z.array(z.string()) });

/** The user service's location-permission routes; shared/api/user.ts adds them to userApi. */
export const userLocationContracts = {
  addLocation: defineContract({
    id: 'user.addLocation', service: 'user', method: 'POST', path: '/api/user/location', access: 'session', can: ['create', 'Permission'], status: 201,
    summary: 'Gives a user a location (an existing inactive permission on it is reactivated).',
    body: z.object({ userId: idSchema, ...locationTarget }), response: permissionSchema,
  }),
  addLocations: defineContract({
    id: 'user.addLocations', service: 'user', method: 'POST', path: '/api/user/locations', access: 'session', can: ['create', 'Permission'], status: 201,
    summary: `Gives up to ${BULK_MAX} users the same location (the Add Location dialog).`,
    body: z.object({ userIds: z.array(idSchema).min(1, 'Select at least one user.').max(BULK_MAX, `At most ${BULK_MAX} users at once.`), ...locationTarget }),
    response: z.array(permissionSchema),
  }),
  removeLocation: defineContract({
    id: 'user.removeLocation', service: 'user', method: 'DELETE', path: '/api/user/location/{permissionId}', access: 'session', can: ['delete', 'Permission'],
    summary: "Removes a user's location (marks the permission inactive). A user's last conference: superadmins only.",
    params: z.object({ permissionId: idSchema }), response: permissionSchema,
  }),
  setPrimaryLocation: defineContract({
    id: 'user.setPrimaryLocation', service: 'user', method: 'PATCH', path: '/api/user/location', access: 'session', can: ['update', 'Permission'],
    summary: "Makes an active permission the user's primary one of its kind; returns the user's permissions.",
    body: z.object({ permissionId: idSchema, userId: idSchema }), response: z.array(permissionSchema),
  }),
  locationsDetails: defineContract({
    id: 'user.locationsDetails', service: 'user', method: 'GET', path: '/api/user/{id}/locations-details', access: 'session',
    summary: "A user's locations grouped by kind (the profile's Locations card); inactive ones included, flagged.",
    params: z.object({ id: idSchema }),
    response: z.object(Object.fromEntries(LOCATION_KINDS.map((kind) => [kind, z.array(permissionSchema)])) as Record<(typeof LOCATION_KINDS)[number], z.ZodArray<typeof permissionSchema>>),
  }),
  visibleLocations: defineContract({
    id: 'user.visibleLocations', service: 'user', method: 'GET', path: '/api/user/user-visible-locations/{id}', access: 'session',
    summary: "The user's active locations that the caller can see (a viewer sees only the locations they share or administer).",
    params: z.object({ id: idSchema }), response: z.array(permissionSchema),
  }),
  permissionHierarchy: defineContract({
    id: 'user.permissionHierarchy', service: 'user', method: 'GET', path: '/api/user/permission-hierarchy', access: 'session',
    summary: "The caller's location permissions with their ancestor chains (the gate's fallback check).",
    response: z.array(hierarchyPermission),
  }),
  usersPermissions: defineContract({
    id: 'user.usersPermissions', service: 'user', method: 'GET', path: '/api/user/users-permissions', access: 'session',
    summary: 'The active permissions of the named users the caller can see (users the caller cannot see are left out).',
    query: z.object({ userIds: z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : String(v).split(',')), idArray('Name at least one user.')) }),
    response: z.array(z.object({ userId: z.string(), permissions: z.array(permissionSchema) })),
  }),
  userPermissions: defineContract({
    id: 'user.userPermissions', service: 'user', method: 'GET', path: '/api/user/user-permissions', access: 'session',
    summary: "The caller's own permissions with location names.",
    response: z.array(permissionSchema),
  }),
  userConferences: defineContract({
    id: 'user.userConferences', service: 'user', method: 'GET', path: '/api/user/user-conferences/{includeSystemTrack}', access: 'session',
    summary: "The caller's conferences (a superadmin's: all active ones), with 'System' first when includeSystemTrack is true (system tracks).",
    params: z.object({ includeSystemTrack: z.enum(['true', 'false']).transform((v) => v === 'true') }),
    response: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
};
