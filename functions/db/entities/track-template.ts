import { Entity } from 'electrodb';
import { SERVICE, stringList, timestamps, version } from './attributes';

/**
 * A track design. Main key: the template's partition, collection `trackTemplateAggregate`,
 * which also holds its phases, steps, content and action templates: the editor loads
 * in one Query. `conferenceId` is the System root id for system tracks (no conference).
 * gsi1 `byConference`: a conference's active, then inactive, tracks sorted by name. gsi2 `byOrigin`: the copies of a
 * track (originals share one partition with an empty origin). gsi3 `byStatus`: every track of the organisation
 * in one status by name (a superadmin's unfiltered list), a partition per status. gsi4 `byArea`: an episcopal area's tracks by
 * status and name (a bishop's list; the System root's for system tracks). Both keep the Track Templates table's
 * page one or two Queries at any number of conferences (docs/data-model.md). `instanceCount`, `copyCount` and `userGroupCount` are counters kept in the same
 * transaction as enrolment, copying and interview groups' creation and deletion (delete only when 0; conference locked while copies exist).
 */
export const trackTemplate = new Entity({
  model: { entity: 'trackTemplate', version: '1', service: SERVICE },
  attributes: {
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true },
    conferenceId: { type: 'string', required: true },
    /**
     * The conference's episcopal area (its `ancestorIds[1]`), the System root for system tracks:
     * gsi4's key, set with `conferenceId` and rewritten by the location move job when the
     * conference moves. Absent on tracks written before gsi3/gsi4 (`npm run reindex` adds it).
     */
    episcopalAreaId: { type: 'string' },
    disabled: { type: 'boolean', required: true, default: false },
    /**
     * `disabled` as a key part, so the active and the inactive tracks are two sorted lists;
     * 'deleting' (set with the delete job, never undone) takes a track out of both at once.
     */
    status: { type: ['active', 'inactive', 'deleting'] as const, required: true, default: 'active' },
    originTrackTemplateId: { type: 'string' },
    /** Ids of the roles that take part in this track (advisor, interviewer ...). */
    roles: stringList,
    instanceCount: { type: 'number', required: true, default: 0 },
    /**
     * Moves with every change of the phase list (add, delete, reorder), conditioned on the value
     * read, so concurrent changes of one track's phase order are serialised without touching
     * `version` (which guards the template's own fields).
     */
    outlineVersion: { type: 'number', required: true, default: 0 },
    copyCount: { type: 'number', required: true, default: 0 },
    /**
     * Moves (+1) in the transaction of every step edit that changes who completes a step (the
     * roles enrolments copy into `stepInstance.responsibleRoleIds`). The transaction that makes an
     * enrolment visible, and each of verify-step-instances, is conditioned on the value read
     * before the parts it copied: an enrolment written from an older design is written again.
     * Absent: 0 (never moved).
     */
    responsibleRolesVersion: { type: 'number' },
    /** The track's interview groups, moved in the transaction that creates or deletes one (at most USER_GROUPS_PER_TRACK_MAX). */
    userGroupCount: { type: 'number' },
    /** Reminder and escalation periods in days (issue 13; absent: the defaults of shared/schemas/track.ts). */
    reminderDays: { type: 'number' },
    escalationDays: { type: 'number' },
    ...timestamps,
    version,
  },
  indexes: {
    byId: {
      collection: 'trackTemplateAggregate',
      pk: { field: 'pk', composite: ['trackTemplateId'] },
      sk: { field: 'sk', composite: [] },
    },
    byConference: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['conferenceId'] },
      sk: { field: 'gsi1sk', composite: ['status', 'name', 'trackTemplateId'] },
    },
    byOrigin: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['originTrackTemplateId'] },
      sk: { field: 'gsi2sk', composite: ['trackTemplateId'] },
    },
    byStatus: {
      index: 'gsi3',
      // The status is the partition (not a static key): every write that sets it rebuilds the whole key, the re-index too.
      pk: { field: 'gsi3pk', composite: ['status'] },
      sk: { field: 'gsi3sk', composite: ['name', 'trackTemplateId'] },
    },
    byArea: {
      index: 'gsi4',
      pk: { field: 'gsi4pk', composite: ['episcopalAreaId'] },
      sk: { field: 'gsi4sk', composite: ['status', 'name', 'trackTemplateId'] },
    },
  },
});
