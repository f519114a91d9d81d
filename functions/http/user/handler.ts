import { createServiceHandler } from '../../lib/http/service-handler';
import { redirect } from '../../lib/http/result';
import { avatarImageLink, setAvatar } from '../../core/people/avatar';
import { userApi } from '../../../shared/api/user';
import { currentUserView } from '../../core/users/current-user';
import { listAdvisors } from '../../core/users/advisors';
import { activeInterviewers, listUsers } from '../../core/users/user-list';
import { visibleUser } from '../../core/users/visible-user';
import { visibleUsers } from '../../core/users/visible-users';
import { addUser, addUsers } from '../../core/people/add-user';
import { setUsersInactive } from '../../core/people/user-status';
import { addUsersLocation } from '../../core/permissions/add-location';
import { removeUserLocation } from '../../core/permissions/remove-location';
import { setPrimaryLocation } from '../../core/permissions/primary-location';
import { callerPermissionHierarchy, callerPermissions, locationsDetails, usersPermissions, visibleLocations } from '../../core/permissions/user-location-queries';
import { userConferences } from '../../core/permissions/user-conferences';
import { profileDetails, updateProfileDetails } from '../../core/people/profile-details';
import { mergeUsers } from '../../core/people/merge/merge-users';
import { mergeUndoState, undoMerge } from '../../core/people/merge/merge-undo';
import { dataExportLink, startDataExport } from '../../core/people/data-export/data-export';
import { erasurePreview } from '../../core/people/erasure/erasure-rules';
import { erasePerson } from '../../core/people/erasure/erase-person';
import { addExistingTag, addTagByName, deleteTag, removeUserTag, searchTags, userTags } from '../../core/people/user-tags';
import { addAlias, removeAlias, userAliases } from '../../core/people/user-aliases';
import { addComments, listComments, removeComments } from '../../core/people/user-comments';
import { assignMentor, listMentees, listMentors, mentorOptions, unassignMentees, unassignMentors } from '../../core/people/mentors';
import { searchPeople } from '../../core/users/people-search';
import { assignedUsers } from '../../core/people/profile-tabs';
import { profileTrackInstances } from '../../core/people/profile-tracks';
import { requirePower, requireSelfOrPower, requireUsersTable } from '../../core/scope/caller-rights';
import { exportTable } from '../../core/exports/table-export';
import { exportAnswer } from '../../lib/http/export-answer';

export const handler = createServiceHandler(userApi, {
  current: async ({ auth }) => currentUserView(auth),
  abilities: async ({ auth }) => auth.rules,
  getUser: async ({ auth, params }) => visibleUser(auth, params.id),
  advisors: async ({ auth, query }) => listAdvisors(auth, query),
  quickSearch: async ({ auth, query }) => listUsers(auth, query),
  activeInterviewers: async ({ auth }) => activeInterviewers(auth),
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
  profileTrackInstances: async ({ auth, params }) => profileTrackInstances(auth, params.userId),
  updateById: { authorize: ({ auth, params }) => requireSelfOrPower(auth, params.id), handle: async ({ auth, params, body }) => updateProfileDetails(auth, params.id, body) },
  setAvatar: { authorize: ({ auth, params }) => requireSelfOrPower(auth, params.userId), handle: async ({ auth, params, body }) => setAvatar(auth, params.userId, body) },
  avatarImage: async ({ auth, params, query }) => redirect(await avatarImageLink(auth, params.userId, query.key)),
  merge: async ({ auth, body }) => mergeUsers(auth, body),
  mergeUndoState: async ({ auth, params }) => mergeUndoState(auth, params.id),
  undoMerge: async ({ auth, body }) => undoMerge(auth, body),
  startDataExport: async ({ auth, params }) => startDataExport(auth, params.userId),
  dataExportLink: async ({ auth, params }) => dataExportLink(auth, params.userId),
  erasurePreview: async ({ auth, params }) => erasurePreview(auth, params.id),
  erase: async ({ auth, params, body }) => erasePerson(auth, params.id, body),
  searchTags: async ({ auth, query }) => searchTags(auth, query.searchTerm),
  userTags: async ({ auth, params }) => userTags(auth, params.id),
  // Labels need update and create User (labelled-user.ts): nobody labels themself.
  addTag: { authorize: ({ auth }) => requirePower(auth, ['update', 'User'], ['create', 'User']), handle: async ({ auth, params, body }) => addTagByName(auth, params.id, body.name) },
  addExistingTag: async ({ auth, params }) => addExistingTag(auth, params.id, params.tagId),
  removeTag: async ({ auth, params }) => removeUserTag(auth, params.id, params.tagId),
  deleteTag: async ({ auth, params }) => deleteTag(auth, params.tagId),
  aliases: async ({ auth, params }) => userAliases(auth, params.id),
  addAlias: async ({ auth, params }) => addAlias(auth, params.id, params.name),
  removeAlias: async ({ auth, params }) => removeAlias(auth, params.id, params.aliasId),
  comments: async ({ auth, params }) => listComments(auth, params.userId),
  addComments: async ({ auth, params, body }) => addComments(auth, params.id, body.comments),
  removeComments: async ({ auth, body }) => removeComments(auth, body.userId, body.comments),
  peopleSearch: async ({ auth, query }) => searchPeople(auth, { text: query.text ?? '', purpose: query.purpose ?? 'user', roleId: query.roleId, excludeIds: query.exclude, conferenceId: query.conferenceId }),
  mentors: async ({ auth, params }) => listMentors(auth, params.userId),
  mentees: async ({ auth, params }) => listMentees(auth, params.userId),
  mentorOptions: async ({ auth, body }) => mentorOptions(auth, body.userId, body.mentorSearch ?? ''),
  assignMentor: async ({ auth, params, body }) => assignMentor(auth, params.userId, body.mentorId),
  unassignMentors: async ({ auth, params, body }) => unassignMentors(auth, params.userId, body.mentorIds),
  unassignMentees: async ({ auth, params, body }) => unassignMentees(auth, params.userId, body.menteeIds),
  removeMentees: async ({ auth, body }) => unassignMentees(auth, body.mentorId, body.menteeIds),
  assignedUsers: async ({ auth, params, query }) => assignedUsers(auth, params.id, query),
  // The generic set (shared/api/user-generic.ts): each the same core function as its specific twin.
  create: async ({ auth, body }) => addUser(auth, body),
  bulk: async ({ auth, body }) => addUsers(auth, body),
  list: async ({ auth, query }) => (await listUsers(auth, { limit: query.limit, offset: query.offset })).data,
  count: async ({ auth, query }) => (await listUsers(auth, { where: query.where, limit: 1, offset: 0 })).count,
  query: { authorize: ({ auth }) => requireUsersTable(auth), handle: async ({ auth, body }) => (await listUsers(auth, body)).data },
  search: { authorize: ({ auth }) => requireUsersTable(auth), handle: async ({ auth, body }) => (await listUsers(auth, { where: body.where, limit: body.limit, offset: 0 })).data },
  getUsersByCurrentUser: {
    authorize: ({ auth }) => requireUsersTable(auth),
    handle: async ({ auth, body }) => listUsers(auth, { where: body.conditions, limit: body.limit, offset: body.offset, orderBy: body.orderBy }),
  },
  getUsersByCurrentUserExport: {
    authorize: ({ auth }) => requireUsersTable(auth),
    handle: async ({ auth, body }) => exportAnswer(await exportTable(auth, { source: 'users', where: body.conditions, orderBy: body.orderBy }, body.format)),
  },
  getUsers: async ({ auth, params }) => visibleUsers(auth, params.ids),
  get: async ({ auth, params }) => visibleUser(auth, params.id),
  update: async ({ auth, body: { id, ...details } }) => updateProfileDetails(auth, id, details),
  remove: async ({ auth, body }) => deactivated(auth, body.id),
  removeById: async ({ auth, params }) => deactivated(auth, params.id),
});

/** DELETE of a user deactivates them (users are never erased); 204. */
async function deactivated(auth: Parameters<typeof setUsersInactive>[0], userId: string): Promise<null> {
  await setUsersInactive(auth, [userId], true);
  return null;
}
