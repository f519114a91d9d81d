import { createServiceHandler } from '../../lib/http/service-handler';
import { userApi } from '../../../shared/api/user';
import { currentUserView } from '../../core/users/current-user';
import { listAdvisors } from '../../core/users/advisors';
import { listUsers } from '../../core/users/user-list';
import { visibleUser } from '../../core/users/visible-user';
import { addUsersLocation } from '../../core/permissions/add-location';
import { removeUserLocation } from '../../core/permissions/remove-location';
import { setPrimaryLocation } from '../../core/permissions/primary-location';
import { callerPermissionHierarchy, callerPermissions, locationsDetails, usersPermissions, visibleLocations } from '../../core/permissions/user-location-queries';
import { userConferences } from '../../core/permissions/user-conferences';
import { profileDetails, updateProfileDetails } from '../../core/people/profile-details';

export const handler = createServiceHandler(userApi, {
  current: async ({ auth }) => currentUserView(auth),
  abilities: async ({ auth }) => auth.rules,
  getUser: async ({ auth, params }) => visibleUser(auth, params.id),
  advisors: async ({ auth, query }) => listAdvisors(auth, query),
  quickSearch: async ({ auth, query }) => listUsers(auth, query),
  addLocation: async ({ auth, body: { userId, ...location } }) => (await addUsersLocation(auth, { userIds: [userId], ...location }))[0],
  addLocations: async ({ auth, body }) => addUsersLocation(auth, body),
  removeLocation: async ({ auth, params }) => removeUserLocation(auth, params.permissionId),
  setPrimaryLocation: async ({ auth, body }) => setPrimaryLocation(auth, body),
  locationsDetails: async ({ auth, params }) => locationsDetails(auth, params.id),
  visibleLocations: async ({ auth, params }) => visibleLocations(auth, params.id),
  permissionHierarchy: async ({ auth }) => callerPermissionHierarchy(auth),
  usersPermissions: async ({ auth, query }) => usersPermissions(auth, query.userIds),
  userPermissions: async ({ auth }) => callerPermissions(auth),
  userConferences: async ({ auth, params }) => userConferences(auth, params.includeSystemTrack),
  profileBasicInfo: async ({ auth, params }) => profileDetails(auth, params.userId),
  updateById: async ({ auth, params, body }) => updateProfileDetails(auth, params.id, body),
});
