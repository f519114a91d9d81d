import { createServiceHandler } from '../../lib/http/service-handler';
import { RouteResult } from '../../lib/http/result';
import { exportAnswer } from '../../lib/http/export-answer';
import { enrol } from '../../core/enrolments/enrol';
import { readTrackInstance } from '../../core/enrolments/instance-read';
import { removeInstance } from '../../core/enrolments/instance-remove';
import { setInstanceStatus } from '../../core/enrolments/instance-status';
import { verifyStepInstances } from '../../core/enrolments/instance-verify';
import { TRACK_COUNT_MAX, trackApi } from '../../../shared/api/track';
import { createTrack, createTracks, setTrackDisabled, startTrackDelete, updateTrack } from '../../core/tracks/track-editor';
import { trackPage, tracksOfConference } from '../../core/tracks/track-list';
import { startTrackCopy, startTrackImport } from '../../core/tracks/track-copy';
import { readOutline } from '../../core/tracks/track-outline';
import { requireTrack } from '../../core/tracks/track-scope';
import { assignedTracks } from '../../core/enrolments/assigned-tracks';
import { participantsPage } from '../../core/participants/participants-table';
import { exportTable } from '../../core/exports/table-export';
import { changeAssignments, removeAdvisorFromInstances } from '../../core/participants/assignments';
import { trackAdvisors, trackAssignees } from '../../core/participants/assignee-reads';
import { startParticipantsBulk } from '../../core/participants/participants-bulk';
import { packetLink, startPacket } from '../../core/enrolments/packet/packet';
import { requirePacketReader } from '../../core/enrolments/packet/packet-access';

export const handler = createServiceHandler(trackApi, {
  create: async ({ auth, body }) => createTrack(auth, body),
  update: async ({ auth, params, body }) => updateTrack(auth, params.trackTemplateId, body),
  trackTemplate: async ({ auth, params }) => readOutline(auth, params.trackTemplateId),
  deactivate: async ({ auth, params }) => setTrackDisabled(auth, params.trackTemplateId, true),
  reactivate: async ({ auth, params }) => setTrackDisabled(auth, params.trackTemplateId, false),
  remove: async ({ auth, params }) => startTrackDelete(auth, params.trackTemplateId),
  isSystemTrackWithCopies: async ({ auth, params }) => (await requireTrack(auth, params.trackTemplateId, 'read')).track.copyCount > 0,
  byConference: async ({ auth, params, query }) => tracksOfConference(auth, params.conferenceId, query),
  copy: async ({ auth, params, body }) => startTrackCopy(auth, params.trackTemplateId, params.conferenceId, body),
  importTemplate: async ({ auth, params, body }) => startTrackImport(auth, params.trackTemplateId, params.conferenceId, body),
  assignedTracks: async ({ auth }) => assignedTracks(auth),
  quickSearch: async ({ auth, query }) => trackPage(auth, query),
  // Track instances: a started job answers 202.
  createInstance: async ({ auth, body }) => {
    const outcome = await enrol(auth, body);
    return 'jobId' in outcome ? new RouteResult(outcome, { status: 202 }) : outcome;
  },
  updateInstance: async ({ auth, body }) => setInstanceStatus(auth, body),
  // Refused before the body (404/403 of the enrolment), so a caller who may not open it never learns its schema.
  startPacket: {
    authorize: async ({ auth, params }) => void (await requirePacketReader(auth, params.id)),
    handle: async ({ auth, params, body }) => startPacket(auth, params.id, body.pageSize),
  },
  packetLink: async ({ auth, params }) => packetLink(auth, params.id),
  removeInstance: async ({ auth, body }) => {
    const outcome = await removeInstance(auth, body);
    return 'jobId' in outcome ? new RouteResult(outcome, { status: 202 }) : outcome;
  },
  trackInstance: async ({ auth, params }) => readTrackInstance(auth, params.id),
  verifyStepInstances: async ({ auth, params }) => verifyStepInstances(auth, params.id),
  // The generic set: the same reads and writes as the calls above.
  list: async ({ auth, query }) => (await trackPage(auth, { limit: query.limit, offset: query.offset })).data,
  count: async ({ auth, query }) => (await trackPage(auth, { limit: TRACK_COUNT_MAX, offset: 0, where: query.where })).count,
  query: async ({ auth, body }) => (await trackPage(auth, body)).data,
  search: async ({ auth, body }) => (await trackPage(auth, { limit: body.limit, offset: 0, where: body.where })).data,
  get: async ({ auth, params }) => readOutline(auth, params.trackTemplateId),
  createGeneric: async ({ auth, body }) => createTrack(auth, body),
  bulk: async ({ auth, body }) => createTracks(auth, body),
  updateById: async ({ auth, params, body }) => updateTrack(auth, params.trackTemplateId, body),
  updateGeneric: async ({ auth, body: { id, ...changes } }) => updateTrack(auth, id, changes),
  removeById: async ({ auth, params }) => startTrackDelete(auth, params.trackTemplateId),
  removeGeneric: async ({ auth, body }) => startTrackDelete(auth, body.id),
  // Participants and assignments (functions/core/participants).
  instances: async ({ auth, params, body }) => participantsPage(auth, params.trackTemplateId, body),
  // A small export in the answer (200), a large one a job (202).
  instancesExport: async ({ auth, params, body }) => exportAnswer(await exportTable(auth, { source: 'participants', trackTemplateId: params.trackTemplateId, where: body.where }, body.format)),
  assign: async ({ auth, body: { trackInstanceId, assigneeIds, roleId, version } }) =>
    changeAssignments(auth, trackInstanceId, { roleId, version, field: 'assigneeIds', ids: assigneeIds, next: (current) => [...current, ...assigneeIds] }),
  reassign: async ({ auth, body: { trackInstanceId, assigneeIds, roleId, version } }) =>
    changeAssignments(auth, trackInstanceId, { roleId, version, field: 'assigneeIds', ids: assigneeIds, next: () => assigneeIds }),
  unassign: async ({ auth, params, body: { assigneeIds, roleId, version } }) =>
    changeAssignments(auth, params.trackInstanceId, { roleId, version, field: 'assigneeIds', ids: assigneeIds, next: (current) => current.filter((id) => !assigneeIds.includes(id)) }),
  removeAdvisorFromInstances: async ({ auth, body }) => removeAdvisorFromInstances(auth, body.advisorId, body.trackInstanceIds),
  instancesBulk: async ({ auth, params, body }) => startParticipantsBulk(auth, params.trackTemplateId, body),
  advisors: async ({ auth, params }) => trackAdvisors(auth, params.trackTemplateId),
  trackAssignees: async ({ auth, params }) => trackAssignees(auth, params.trackInstanceIds),
});
