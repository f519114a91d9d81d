import type { StuckStep } from '../../../shared/schemas/dashboard';
import type { STEP_STATUSES } from '../../../shared/tracks/statuses';
import { hasSystemRole } from '../../../shared/auth/permissions';
import { roleLabel } from '../../../shared/auth/system-roles';
import { loadRoles } from '../../db/access/role-cache';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import type { StuckDisplay } from './stuck-entries';

export interface NameRequest {
  trackIds?: Iterable<string>;
  phaseKeys?: Array<{ trackTemplateId: string; phaseId: string }>;
  personIds?: Iterable<string>;
  /** Waiting steps to show: their tracks, participants, assignees, steps, committees and roles are read too. */
  stuckRows?: StuckDisplay[];
}

export interface Names {
  trackName: (trackTemplateId: string) => string | undefined;
  phase: (phaseId: string) => { name: string; order?: number } | undefined;
  personName: (userId: string) => string;
  /** A waiting step as the dashboard and the waiting list show it. */
  stuckView: (row: StuckDisplay) => StuckStep;
}

/**
 * The names a dashboard shows, read when shown (the figures and lists keep ids, so a renamed
 * person, track or committee is never stale): one BatchGet per kind for everything the page
 * needs at once, roles from the role cache.
 */
export async function readNames(request: NameRequest): Promise<Names> {
  const stuckRows = request.stuckRows ?? [];
  const trackIds = new Set([...(request.trackIds ?? []), ...stuckRows.map((row) => row.trackTemplateId)]);
  const personIds = new Set([...(request.personIds ?? []), ...stuckRows.flatMap((row) => [row.participantId, ...row.userIds])]);
  const [trackItems, phaseItems, people, stepItems, groups, roles] = await Promise.all([
    batchGet<{ trackTemplateId: string; name: string }>(db().entities.trackTemplate, [...trackIds].map((trackTemplateId) => ({ trackTemplateId }))),
    batchGet<{ trackTemplateId: string; phaseId: string; name: string; order?: number }>(db().entities.phaseTemplate, distinctKeys(request.phaseKeys ?? [])),
    batchGet<{ userId: string; firstName: string; lastName: string }>(db().entities.user, [...personIds].map((userId) => ({ userId }))),
    batchGet<{ stepTemplateId: string; name: string }>(db().entities.stepTemplate, distinctKeys(stuckRows.map(({ trackTemplateId, phaseId, stepTemplateId }) => ({ trackTemplateId, phaseId, stepTemplateId })))),
    batchGet<{ userGroupId: string; name: string }>(db().entities.userGroup, distinctKeys(stuckRows.flatMap((row) => (row.userGroupId ? [{ userGroupId: row.userGroupId }] : [])))),
    loadRoles([...new Set(stuckRows.flatMap((row) => row.roleIds))]),
  ]);
  const trackNames = new Map(trackItems.map((item) => [item.trackTemplateId, item.name]));
  const phaseById = new Map(phaseItems.map((item) => [item.phaseId, item]));
  const personById = new Map(people.map((person) => [person.userId, person]));
  const personName = (userId: string) => {
    const person = personById.get(userId);
    return person ? `${person.firstName} ${person.lastName}` : 'Unknown person';
  };
  const stepNames = new Map(stepItems.map((item) => [item.stepTemplateId, item.name]));
  const groupNames = new Map(groups.map((group) => [group.userGroupId, group.name]));
  const roleById = new Map(roles.map((role) => [role.roleId, role]));
  const waitsOn = (row: StuckDisplay): StuckStep['waitsOn'] => [
    ...(row.userGroupId ? [{ kind: 'committee' as const, id: row.userGroupId, name: groupNames.get(row.userGroupId) ?? 'Unknown committee' }] : []),
    ...row.userIds.map((userId) => ({ kind: 'person' as const, id: userId, name: personName(userId) })),
    ...row.roleIds.map((roleId) => {
      const role = roleById.get(roleId);
      // Nobody is assigned the Participant role: a Participant item waits on the participant.
      if (role && hasSystemRole([role], 'Participant')) return { kind: 'participant' as const, id: row.participantId, name: personName(row.participantId) };
      return { kind: 'role' as const, id: roleId, name: role ? roleLabel(role) : 'Unknown role' };
    }),
  ];
  return {
    trackName: (trackTemplateId) => trackNames.get(trackTemplateId),
    phase: (phaseId) => phaseById.get(phaseId),
    personName,
    stuckView: (row) => ({
      trackInstanceId: row.trackInstanceId,
      stepInstanceId: row.stepInstanceId,
      trackTemplateId: row.trackTemplateId,
      trackName: trackNames.get(row.trackTemplateId) ?? 'Unknown track',
      stepName: stepNames.get(row.stepTemplateId) ?? 'Unknown step',
      participant: { id: row.participantId, name: personName(row.participantId) },
      status: row.status as (typeof STEP_STATUSES)[number],
      since: row.since,
      waitsOn: waitsOn(row),
    }),
  };
}

/** Keys once each (two stuck steps of one step template name it once). */
function distinctKeys<K extends Record<string, string>>(keys: K[]): K[] {
  return [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
}
