import { STEP_STATUSES, TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';
import { TREND_MONTHS, WAITING_THRESHOLDS_DAYS, WORKLOAD_MAX, type Dashboard } from '../../../shared/schemas/dashboard';
import { db } from '../../db/service';
import type { AuthContext } from '../session/resolve-session';
import { requireDashboardScope } from './dashboard-access';
import { dayBefore, ENDED_STATUSES } from './tally-metrics';
import { readWaiting } from './stuck-read';
import { readNames } from './dashboard-names';

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
  const [stuckRows, figures, ...hidden] = await Promise.all([readWaiting(scope.id, hiddenScopeIds).then((page) => page.rows), ...[scope.id, ...hiddenScopeIds].map(figuresOf)]);
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
  const names = await readNames({
    trackIds: tracks.keys(),
    phaseKeys: [...tracks].flatMap(([trackTemplateId, track]) => [...track.phases.keys()].map((phaseId) => ({ trackTemplateId, phaseId }))),
    personIds: busiest.map(([userId]) => userId),
    stuckRows,
  });

  const figure = (metric: string) => Math.max(0, figures.get(metric) ?? 0);
  const statusCounts = <S extends string>(statuses: readonly S[], metricOf: (status: S) => string) =>
    Object.fromEntries(statuses.map((status) => [status, figure(metricOf(status))])) as Record<S, number>;

  return {
    scope,
    enrolments: {
      byStatus: statusCounts<TrackStatus>(TRACK_INSTANCE_STATUSES, (status) => `status:${status}`),
      tracks: [...tracks]
        // A track deleted since keeps no figures worth showing without its name.
        .filter(([trackTemplateId]) => names.trackName(trackTemplateId) !== undefined)
        .map(([trackTemplateId, track]) => ({
          trackTemplateId,
          name: names.trackName(trackTemplateId)!,
          byStatus: statusCounts<TrackStatus>(TRACK_INSTANCE_STATUSES, (status) => `track:${trackTemplateId}:status:${status}`),
          phases: [...track.phases]
            .filter(([phaseId]) => names.phase(phaseId) !== undefined)
            .map(([phaseId, open]) => ({ phaseId, name: names.phase(phaseId)!.name, order: names.phase(phaseId)!.order ?? 0, open }))
            .sort((a, b) => a.order - b.order),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    },
    steps: {
      byStatus: statusCounts<StepStatus>(STEP_STATUSES, (status) => `steps:${status}`),
      waiting: WAITING_THRESHOLDS_DAYS.map((days) => {
        const before = dayBefore(now, days);
        return { days, count: [...waitingByDay].filter(([day]) => day < before).reduce((sum, [, value]) => sum + value, 0) };
      }),
    },
    stuck: stuckRows.map(names.stuckView),
    workload: busiest.map(([userId, openItems]) => ({ userId, name: names.personName(userId), openItems })),
    trends: lastMonths(now).map((month) => ({
      month,
      enrolled: figure(`enrolled:${month}`),
      ...(Object.fromEntries(ENDED_STATUSES.map((status) => [status, figure(`ended:${status}:${month}`)])) as Record<'Completed' | 'Withdrawn' | 'Discontinued', number>),
    })),
  };
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
