import { createServiceHandler } from '../../lib/http/service-handler';
import { userGroupApi } from '../../../shared/api/user-group';
import { listTrackGroups, readGroup } from '../../core/user-groups/group-reads';
import { createGroups, deleteGroup, updateGroup } from '../../core/user-groups/group-writes';

/** Interview groups: every generic call is a door onto the same read, create, save or delete. */
export const handler = createServiceHandler(userGroupApi, {
  list: async ({ auth, query }) => (await listTrackGroups(auth, query)).data,
  quickSearch: async ({ auth, query }) => listTrackGroups(auth, query),
  count: async ({ auth, query }) => (await listTrackGroups(auth, { ...query, limit: 0 })).count,
  query: async ({ auth, body }) => (await listTrackGroups(auth, body)).data,
  search: async ({ auth, body }) => (await listTrackGroups(auth, body)).data,
  get: async ({ auth, params }) => readGroup(auth, params.id),
  create: async ({ auth, body }) => (await createGroups(auth, body.trackTemplateId, [body]))[0],
  bulk: async ({ auth, body }) => createGroups(auth, body[0].trackTemplateId, body),
  updateById: async ({ auth, params, body }) => updateGroup(auth, params.id, body),
  update: async ({ auth, body }) => updateGroup(auth, body.id, body),
  removeById: async ({ auth, params }) => deleteGroup(auth, params.id),
  remove: async ({ auth, body }) => deleteGroup(auth, body.id),
});
