import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';

/**
 * An interview group. Main key: the group's partition, collection `userGroupAggregate`
 * with its members. `conferenceId` is the System root id when the group has no
 * conference ('No assigned location'). gsi1 `byConference`: groups a non-superadmin may
 * see are those of the System root plus their conferences, one Query each. gsi2
 * `byTrack`: the groups of a track's Interviewer Groups tab (few; sorted in memory).
 */
export const userGroup = new Entity({
  model: { entity: 'userGroup', version: '1', service: SERVICE },
  attributes: {
    userGroupId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    description: { type: 'string' },
    conferenceId: { type: 'string', required: true },
    trackTemplateId: { type: 'string' },
    /** Role ids the members take in the group (Interviewer). */
    roles: stringList,
    memberCount: { type: 'number', required: true, default: 0 },
    /** The member who opens and closes the group's committee votes (issue 26). */
    chairId: { type: 'string' },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      collection: 'userGroupAggregate',
      pk: { field: 'pk', composite: ['userGroupId'] },
      sk: { field: 'sk', composite: [] },
    },
    byConference: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['conferenceId'] },
      sk: { field: 'gsi1sk', composite: ['name', 'userGroupId'] },
    },
    byTrack: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['trackTemplateId'] },
      sk: { field: 'gsi2sk', composite: ['userGroupId'] },
    },
  },
});
