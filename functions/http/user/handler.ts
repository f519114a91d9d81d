import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { abilities, currentUser } from '../../../shared/api/user';
import {
  addUserLocation,
  addUsersLocation,
  locationsDetails,
  permissionHierarchy,
  removeUserLocation,
  setPrimaryLocation,
  userConferences,
  userPermissions,
  userVisibleLocations,
  usersPermissions,
} from '../../../shared/api/user-locations';
import { advisors } from '../../../shared/api/user-directory';
import { currentUserView } from '../../core/users/current-user';
import { listAdvisors } from '../../core/users/advisors';
import { addUsersLocation as grantLocation } from '../../core/permissions/add-location';
import { removeUserLocation as removeLocation } from '../../core/permissions/remove-location';
import { setPrimaryLocation as makePrimary } from '../../core/permissions/primary-location';
import {
  callerPermissionHierarchy,
  callerPermissions,
  locationsDetails as locationsByKind,
  usersPermissions as permissionsOfUsers,
  visibleLocations,
} from '../../core/permissions/user-location-queries';
import { userConferences as conferencesOf } from '../../core/permissions/user-conferences';

export const handler = createServiceHandler('user', [
  implement(currentUser, async ({ auth }) => currentUserView(auth)),
  implement(abilities, async ({ auth }) => auth.rules),
  implement(advisors, async ({ auth, query }) => listAdvisors(auth, query)),
  implement(addUserLocation, async ({ auth, body: { userId, ...location } }) => (await grantLocation(auth, { userIds: [userId], ...location }))[0]),
  implement(addUsersLocation, async ({ auth, body }) => grantLocation(auth, body)),
  implement(removeUserLocation, async ({ auth, params }) => removeLocation(auth, params.permissionId)),
  implement(setPrimaryLocation, async ({ auth, body }) => makePrimary(auth, body)),
  implement(locationsDetails, async ({ auth, params }) => locationsByKind(auth, params.id)),
  implement(userVisibleLocations, async ({ auth, params }) => visibleLocations(auth, params.id)),
  implement(permissionHierarchy, async ({ auth }) => callerPermissionHierarchy(auth)),
  implement(usersPermissions, async ({ auth, query }) => permissionsOfUsers(auth, query.userIds)),
  implement(userPermissions, async ({ auth }) => callerPermissions(auth)),
  implement(userConferences, async ({ auth, params }) => conferencesOf(auth, params.includeSystemTrack)),
]);
