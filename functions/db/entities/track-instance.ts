import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';
import { personSummary } from './people';

import { TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';

export { TRACK_INSTANCE_STATUSES };

/**
 * A participant enrolled in a track. Main key: the instance's partition, collection
 * `trackInstanceAggregate` with two parts: `trackInstanceSummary` (this item, assignees,
 * step instances: the track page) and `trackInstanceWork` (content, action and form
 * instances). gsi1 `byTemplate`: a track's participants sorted by name. gsi2
 * `byParticipant`: a user's tracks. gsi3 `byTemplateStatus` and gsi4 `byTemplateDistrict`:
 * the same, of one status or one district (sparse: an enrolment without a district is not in gsi4). Participant and assignee names are copied here
 * for the participants table.
 */
export const trackInstance = new Entity({
  model: { entity: 'trackInstance', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    trackName: { type: 'string', required: true },
    /** The template's conference (System root id for system tracks), for scope checks. */
    conferenceId: { type: 'string', required: true },
    /** The district the participant was enrolled under. */
    districtId: { type: 'string' },
    /** The district's chain, outermost first (copied at enrolment): scope checks of the instance need no further read. */
    ancestorIds: stringList,
    status: { type: TRACK_INSTANCE_STATUSES, required: true, default: 'Open' },
    /** When `status` last changed (absent: not since enrolment, or before this was kept); the dashboard's monthly figures. */
    statusAt: { type: 'string' },
    participantId: { type: 'string', required: true, readOnly: true },
    participant: personSummary,
    /** `lastname firstname`, the participants table's sort order. */
    sortName: { type: 'string', required: true },
    /** Lower-cased copies of the participant's first name and email for the table's filters (kept by `participant`'s writes). */
    firstNameKey: { type: 'string', watch: ['participant'], set: (_value: unknown, item: { participant?: { firstName?: string } }) => item.participant?.firstName?.toLowerCase() },
    emailKey: { type: 'string', watch: ['participant'], set: (_value: unknown, item: { participant?: { email?: string } }) => item.participant?.email?.toLowerCase() },
    assignees: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          userId: { type: 'string', required: true },
          roleId: { type: 'string', required: true },
          roleName: { type: 'string', required: true },
          firstName: { type: 'string', required: true },
          lastName: { type: 'string', required: true },
        },
      },
    },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      collection: ['trackInstanceAggregate', 'trackInstanceSummary'],
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: [] },
    },
    byTemplate: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['trackTemplateId'] },
      sk: { field: 'gsi1sk', composite: ['sortName', 'trackInstanceId'] },
    },
    byParticipant: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['participantId'] },
      sk: { field: 'gsi2sk', composite: ['trackInstanceId'] },
    },
    byTemplateStatus: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['trackTemplateId', 'status'] },
      sk: { field: 'gsi3sk', composite: ['sortName', 'trackInstanceId'] },
    },
    /** A track's enrolments in one district, by name: the participants table of a district admin or superintendent (SPEC.md section 6). */
    byTemplateDistrict: {
      index: 'gsi4',
      pk: { field: 'gsi4pk', composite: ['trackTemplateId', 'districtId'] },
      sk: { field: 'gsi4sk', composite: ['sortName', 'trackInstanceId'] },
    },
  },
});
