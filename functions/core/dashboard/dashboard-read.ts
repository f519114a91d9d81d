import { STEP_STATUSES, TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';
import { TREND_MONTHS, WAITING_THRESHOLDS_DAYS, WORKLOAD_MAX, type Dashboard } from '../../../shared/schemas/dashboard';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import type { AuthContext } from '../session/resolve-session';
import { requireDashboardScope } from './dashboard-access';
import { ENDED_STATUSES } from './tally-metrics';
import { readStuck } from './stuck-read';
import { loadRoles } from '../../db/access/role-cache';
import { hasSystemRole } from '../../../shared/auth/permissions';
import { roleLabel } from '../../../shared/auth/system-roles';
import type { StuckDisplay } from './stuck-entries';

/**
 * Most figures one place holds: tracks x (statuses + phases), days waiting, months, and the people
 * with open items; far more than any conference has. One page of small items (5,000 fit in a Query's 1 MB),
 * so a read never walks an unbounded partition.
 */
const FIGURES_MAX = 5_000;

type TrackStatus = (typeof TRACK_INSTANCE_STATUSES)[number];
type StepStatus = (typeof STEP_STATUSES)[number];

/**
 * A place's dashboard (shared/schemas/dashboard.ts) from its figures (./tally-metrics.ts): one
 * Query of the place's figures, less those of places inside it the caller is denied (one Query
 * each), and one of its longest-waiting steps (./stuck-read.ts), then the names shown: the tracks,
 * their phases, the steps, the people and the committees (one BatchGet each; roles from the role
 * cache). The same requests at any number of enrolments.
 */
export async function readDashboard(auth: AuthContext, scopeId: string, now = new Date()): Promise<Dashboard> {
  const { scope, hiddenScopeIds } = await requireDashboardScope(auth, scopeId);
  const [stuckRows, figures, ...hidden] = await Promise.all([readStuck(scope.id, hiddenScopeIds), ...[scope.id, ...hiddenScopeIds].map(figuresOf)]);
  for (const taken of hidden) for (const [metric, value] of taken) figures.set(metric, (figures.get(metric) ?? 0) - value);

  const tracks = new Map<string, { byStatus: Map<string, number>; phases: Map<string, number> }>();
  const trackOf = (id: string) => tracks.get(id) ?? tracks.set(id, { byStatus: new Map(), phases: new Map() }).get(id)!;
  const load = new Map<string, number>();
  const waitingByDay = new Map<string, number>();
  for (const [metric, value] of figures) {
    if (value <= 0) continue;
    const parts = metric.split(':');
    if (parts[0] === 'track' && parts[2] === 'status') trackOf(parts[1]).byStatus.set(parts[3], value);
    else if (parts[0] === 'track' && parts[2] === 'phase') trackOf(parts[1]).phases.set(parts[3], value);
    else if (parts[0] === 'load') load.set(parts[1], value);
    else if (parts[0] === 'waiting') waitingByDay.set(parts[1], value);
  }
  const busiest = [...load].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, WORKLOAD_MAX);
  const trackIds = new Set([...tracks.keys(), ...stuckRows.map((row) => row.trackTemplateId)]);
  const personIds = new Set([...busiest.map(([userId]) => userId), ...stuckRows.flatMap((row) => [row.participantId, ...row.userIds])]);
  const [trackItems, phaseItems, people, stepItems, groups, roles] = await Promise.all([
    batchGet<{ trackTemplateId: string; name: string }>(db().entities.trackTemplate, [...trackIds].map((trackTemplateId) => ({ trackTemplateId }))),
    batchGet<{ trackTemplateId: string; phaseId: string; name: string; order?: number }>(
      db().entities.phaseTemplate,
      [...tracks].flatMap(([trackTemplateId, track]) => [...track.phases.keys()].map((phaseId) => ({ trackTemplateId, phaseId }))),
    ),
    batchGet<{ userId: string; firstName: string; lastName: string }>(db().entities.user, [...personIds].map((userId) => ({ userId }))),
    batchGet<{ stepTemplateId: string; name: string }>(db().entities.stepTemplate, distinctKeys(stuckRows.map(({ trackTemplateId, phaseId, stepTemplateId }) => ({ trackTemplateId, phaseId, stepTemplateId })))),
    batchGet<{ userGroupId: string; name: string }>(db().entities.userGroup, distinctKeys(stuckRows.flatMap((row) => (row.userGroupId ? [{ userGroupId: row.userGroupId }] : [])))),
    loadRoles([...new Set(stuckRows.flatMap((row) => row.roleIds))]),
  ]);
  const trackNames = new Map(trackItems.map((item) => [item.trackTemplateId, item.name]));
  const phaseById = new Map(phaseItems.map((item) => [item.phaseId, item]));
  const personById = new Map(people.map((person) => [person.userId, person]));
  const nameOf = (userId: string) => {
    const person = personById.get(userId);
    return person ? `${person.firstName} ${person.lastName}` : 'Unknown person';
  };
  const stepNames = new Map(stepItems.map((item) => [item.stepTemplateId, item.name]));
  const groupNames = new Map(groups.map((group) => [group.userGroupId, group.name]));
  const roleById = new Map(roles.map((role) => [role.roleId, role]));
  const waitsOn = (row: StuckDisplay): Dashboard['stuck'][number]['waitsOn'] => [
    ...(row.userGroupId ? [{ kind: 'committee' as const, id: row.userGroupId, name: groupNames.get(row.userGroupId) ?? 'Unknown committee' }] : []),
    ...row.userIds.map((userId) => ({ kind: 'person' as const, id: userId, name: nameOf(userId) })),
    ...row.roleIds.map((roleId) => {
      const role = roleById.get(roleId);
      // Nobody is assigned the Participant role: a Participant item waits on the participant.
      if (role && hasSystemRole([role], 'Participant')) return { kind: 'participant' as const, id: row.participantId, name: nameOf(row.participantId) };
      return { kind: 'role' as const, id: roleId, name: role ? roleLabel(role) : 'Unknown role' };
    }),
  ];

  const figure = (metric: string) => Math.max(0, figures.get(metric) ?? 0);
  const statusCounts = <S extends string>(statuses: readonly S[], metricOf: (status: S) => string) =>
    Object.fromEntries(statuses.map((status) => [status, figure(metricOf(status))])) as Record<S, number>;

  return {
    scope,
    enrolments: {
      byStatus: statusCounts<TrackStatus>(TRACK_INSTANCE_STATUSES, (status) => `status:${status}`),
      tracks: [...tracks]
        // A track deleted since keeps no figures worth showing without its name.
        .filter(([trackTemplateId]) => trackNames.has(trackTemplateId))
        .map(([trackTemplateId, track]) => ({
          trackTemplateId,
          name: trackNames.get(trackTemplateId)!,
          byStatus: statusCounts<TrackStatus>(TRACK_INSTANCE_STATUSES, (status) => `track:${trackTemplateId}:status:${status}`),
          phases: [...track.phases]
            .filter(([phaseId]) => phaseById.has(phaseId))
            .map(([phaseId, open]) => ({ phaseId, name: phaseById.get(phaseId)!.name, order: phaseById.get(phaseId)!.order ?? 0, open }))
            .sort((a, b) => a.order - b.order),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    },
    steps: {
      byStatus: statusCounts<StepStatus>(STEP_STATUSES, (status) => `steps:${status}`),
      waiting: WAITING_THRESHOLDS_DAYS.map((days) => {
        const before = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
        return { days, count: [...waitingByDay].filter(([day]) => day < before).reduce((sum, [, value]) => sum + value, 0) };
      }),
    },
    stuck: stuckRows.map((row) => ({
      trackInstanceId: row.trackInstanceId,
      stepInstanceId: row.stepInstanceId,
      trackTemplateId: row.trackTemplateId,
      trackName: trackNames.get(row.trackTemplateId) ?? 'Unknown track',
      stepName: stepNames.get(row.stepTemplateId) ?? 'Unknown step',
      participant: { id: row.participantId, name: nameOf(row.participantId) },
      status: row.status as StepStatus,
      since: row.since,
      waitsOn: waitsOn(row),
    })),
    workload: busiest.map(([userId, openItems]) => ({ userId, name: nameOf(userId), openItems })),
    trends: lastMonths(now).map((month) => ({
      month,
      enrolled: figure(`enrolled:${month}`),
      ...(Object.fromEntries(ENDED_STATUSES.map((status) => [status, figure(`ended:${status}:${month}`)])) as Record<'Completed' | 'Withdrawn' | 'Discontinued', number>),
    })),
  };
}

/** Keys once each (two stuck steps of one step template name it once). */
function distinctKeys<K extends Record<string, string>>(keys: K[]): K[] {
  return [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
}

async function figuresOf(scopeId: string): Promise<Map<string, number>> {
  const { data } = await db().entities.scopeTally.query.byScope({ scopeId }).go({ limit: FIGURES_MAX });
  return new Map(data.map((item) => [item.metric, item.count]));
}

/** The last TREND_MONTHS months (UTC), oldest first, as `YYYY-MM`. */
export function lastMonths(now: Date): string[] {
  return Array.from({ length: TREND_MONTHS }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TREND_MONTHS - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}
