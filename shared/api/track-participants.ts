import * as z from 'zod';
import { defineContract } from './contract';
import { idListParam, idSchema } from './id-list';
import { booleanText, limitSchema, offsetSchema } from './list-query';
import {
  ASSIGNEES_PER_ROLE_MAX,
  REMOVE_ADVISOR_INSTANCES_MAX,
  assignBodySchema,
  assigneeRefSchema,
  instanceAssigneesSchema,
  PARTICIPANT_BULK_MAX,
  participantBulkBodySchema,
  participantFilterSchema,
  participantPageSchema,
  reassignBodySchema,
  removeAdvisorBodySchema,
  unassignBodySchema,
} from '../schemas/participants';
import { FILTERED_PARTICIPANT_ROWS_MAX } from './limits';
import { jobStartedSchema } from '../schemas/job';
import { EXPORT_ROWS_MAX, SMALL_EXPORT_ROWS, exportAnswerSchema, exportFormatSchema } from '../schemas/table-export';

/**
 * The participants table and assignments (SPEC.md sections 2, 5, 6 and 7); shared/api/track.ts
 * adds these to trackApi. Assignments change one instance's advisors or interviewers: the
 * `trackAssignee` items and the instance's `assignees` copy in one transaction on its version.
 */
const base = '/api/track';
const roles = "roleId 'role-advisor' (Advisor) or 'role-interviewer' (Interviewer)";

export const trackParticipantContracts = {
  instances: defineContract({
    id: 'track.instances', service: 'track', method: 'POST', path: `${base}/{trackTemplateId}/{isQuickSearch}/instances`, access: 'session', can: ['read', 'TrackInstance'], rateLimit: 'search',
    summary:
      "The participants table (/tracks/{id}/participants): body `{ limit, offset, where: { status, firstName, lastName, email } }` (name filters are case-insensitive prefixes), rows sorted by last then first name: `{ id, version, status, participant { id, firstName, lastName, email }, advisors, interviewers [{ id, firstName, lastName }], createdAt }`. Administrators of the track's enrolments (a superadmin; a conference admin of its conference) see all of them, everyone else those they are assigned to and their own. `count` is exact up to the page, plus one while more rows exist. Status, first name, last name and email, each alone or with a status, and later pages are keyed lists (the same requests at 10 or 10,000 enrolments); two text filters together test the second on at most " +
      `${FILTERED_PARTICIPANT_ROWS_MAX} rows of the first's list, and \`partial\` says when that bound left the page short. \`where.overdue: true\` (the page's \`?overdue=1\`, the escalation digest's "and N more") keeps the enrolments with an Overdue step, read from the reminders' overdue index filtered by the track (the same bound). isQuickSearch ('true' or 'false') changes nothing: the answer is always the page.`,
    params: z.object({ trackTemplateId: idSchema, isQuickSearch: booleanText }),
    body: z.object({ limit: limitSchema, offset: offsetSchema, where: participantFilterSchema.optional() }),
    response: participantPageSchema,
  }),
  instancesExport: defineContract({
    id: 'track.instancesExport', service: 'track', method: 'POST', path: `${base}/{trackTemplateId}/instances/export`, access: 'session', can: ['read', 'TrackInstance'], rateLimit: 'tableExport',
    summary:
      `The participants table as a file: body \`{ format: 'csv' | 'xlsx', where }\` (the table's filters). Exactly the rows and columns the table shows the caller with those filters (its own read, paged on the server). Up to ${SMALL_EXPORT_ROWS} rows the file comes in the answer (\`{ kind: 'file', fileName, contentType, base64, rows }\`); a larger table is made by a background job (202 \`{ kind: 'job', jobId }\`; its file through GET /api/job/{id}/table-export), at most ${EXPORT_ROWS_MAX} rows.`,
    params: z.object({ trackTemplateId: idSchema }),
    body: z.object({ format: exportFormatSchema, where: participantFilterSchema.optional() }),
    response: exportAnswerSchema,
  }),
  assign: defineContract({
    id: 'track.assign', service: 'track', method: 'POST', path: `${base}/assign`, access: 'session', can: ['update', 'TrackAssignment'],
    summary: `Assigns people to a participant's track instance in one role: body \`{ trackInstanceId, assigneeIds (1..${ASSIGNEES_PER_ROLE_MAX}), ${roles}, version? }\`; people already assigned stay. Each must be an active user the caller can see holding that role. Answers the instance's assignees and new version; a version sent that is no longer current is 409. The new assignees and the participant are notified.`,
    body: assignBodySchema,
    response: instanceAssigneesSchema,
  }),
  reassign: defineContract({
    id: 'track.reassign', service: 'track', method: 'PATCH', path: `${base}/reassign`, access: 'session', can: ['update', 'TrackAssignment'],
    summary: `Manage Participant's save: body \`{ trackInstanceId, ${roles}, assigneeIds (0..${ASSIGNEES_PER_ROLE_MAX}), version }\`; the role's people become exactly this list (added and removed in one transaction on the version read: stale is 409).`,
    body: reassignBodySchema,
    response: instanceAssigneesSchema,
  }),
  unassign: defineContract({
    id: 'track.unassign', service: 'track', method: 'DELETE', path: `${base}/{trackInstanceId}/unassign`, access: 'session', can: ['update', 'TrackAssignment'],
    summary: `Takes people off a track instance in one role: body \`{ assigneeIds, ${roles}, version? }\`; people not assigned are ignored. Answers the instance's assignees and new version.`,
    params: z.object({ trackInstanceId: idSchema }),
    body: unassignBodySchema,
    response: instanceAssigneesSchema,
  }),
  removeAdvisorFromInstances: defineContract({
    id: 'track.removeAdvisorFromInstances', service: 'track', method: 'DELETE', path: `${base}/removeAdvisorFromInstances`, access: 'session', can: ['update', 'TrackAssignment'],
    summary: `Removes one advisor from several track instances in one transaction: body \`{ advisorId, trackInstanceIds (1..${REMOVE_ADVISOR_INSTANCES_MAX}) }\`; every instance must be one the caller administers; those the advisor is not on are unchanged. Answers \`{ removed }\`.`,
    body: removeAdvisorBodySchema,
    response: z.object({ removed: z.number().int() }),
  }),
  instancesBulk: defineContract({
    id: 'track.instancesBulk', service: 'track', method: 'POST', path: `${base}/{trackTemplateId}/instances/bulk`, access: 'session', can: ['update', 'TrackAssignment'], status: 202,
    summary:
      `The participants table's Actions on the selected rows: body \`{ action: 'setStatus', status } | { action: 'assignAdvisor', advisorId } | { action: 'remove' }\` with \`rows: [{ id, version }]\` (1..${PARTICIPANT_BULK_MAX}, each with the version the table showed). ` +
      "For an administrator of the track's enrolments or of a district's, holding the TrackInstance right of the single-row route (update for a status, delete for a removal); starts a background job (202 `{ jobId }`) that loads each enrolment, checks it is one the caller administers, and writes it on the version the table showed " +
      '(a row changed since, or while the job writes it, is left as it is and reported stale: 409 per row). Rows already as asked write nothing. ' +
      'The job\'s result: `{ succeeded, failed [{ trackInstanceId, message, stale? }] }`.',
    params: z.object({ trackTemplateId: idSchema }),
    body: participantBulkBodySchema,
    response: jobStartedSchema,
  }),
  advisors: defineContract({
    id: 'track.advisors', service: 'track', method: 'GET', path: `${base}/{trackTemplateId}/advisors`, access: 'session', can: ['read', 'TrackAssignment'],
    summary: "The distinct advisors assigned in a track (`[{ id, firstName, lastName }]`, by name, at most 50), for the track's administrators.",
    params: z.object({ trackTemplateId: idSchema }),
    response: z.array(assigneeRefSchema),
  }),
  trackAssignees: defineContract({
    id: 'track.trackAssignees', service: 'track', method: 'GET', path: `${base}/track-assignees/{trackInstanceIds}`, access: 'session', can: ['read', 'TrackInstance'],
    summary:
      'The assignees of the named track instances (comma-separated, at most 100): `[{ trackInstanceId, version, assignees [{ id, firstName, lastName, roleId, roleName }] }]` in the order named; instances the caller may not see (not their administrator, participant or assignee) are left out.',
    params: z.object({ trackInstanceIds: idListParam }),
    response: z.array(instanceAssigneesSchema),
  }),
};
