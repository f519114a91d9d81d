import { dashboardEntries } from '../../../../functions/core/dashboard/dashboard-entries';
import type { EnrolledDisplay } from '../../../../functions/core/dashboard/enrolled-entries';
import type { StuckEnrolment, StuckStep } from '../../../../functions/core/dashboard/stuck-entries';
import { ENDED_STATUSES, enrolmentTallies } from '../../../../functions/core/dashboard/tally-metrics';
import { TRACK_INSTANCE_STATUSES, STEP_STATUSES } from '../../../../shared/tracks/statuses';

/**
 * The lists behind the dashboard's enrolment and phase figures (functions/core/dashboard/enrolled-entries.ts)
 * hold, in every place, exactly the enrolments its figures count: for any enrolment, the entries
 * of each place's status and phase lists match its `status:` and `track:…:phase:` tallies.
 */
const PHASES = ['p1', 'p2', 'p3'];
const CHAINS = [['jur', 'area', 'conf', 'dist'], ['jur', 'area', 'conf'], undefined];

/** A small deterministic generator, so a failure names the case that broke. */
function* enrolments(): Generator<{ enrolment: StuckEnrolment; steps: StuckStep[] }> {
  for (let n = 0; n < 300; n++) {
    const steps = PHASES.flatMap((phaseId, index) =>
      (n >> index) % 2 === 0 ? [] : [{ stepInstanceId: `s${n}-${index}`, stepTemplateId: `t${index}`, phaseId, status: STEP_STATUSES[(n + index) % STEP_STATUSES.length], remindSince: '2026-10-01T00:00:00.000Z' }],
    );
    const enrolment: StuckEnrolment = {
      trackInstanceId: `ti-${n}`,
      participantId: `u-${n}`,
      trackTemplateId: `trk-${n % 2}`,
      conferenceId: 'conf',
      ancestorIds: CHAINS[n % CHAINS.length],
      status: TRACK_INSTANCE_STATUSES[n % TRACK_INSTANCE_STATUSES.length],
      // One in eleven says neither when it was made nor when it last changed: counted in its status only.
      ...(n % 11 !== 0 && { createdAt: `2026-0${1 + (n % 9)}-0${1 + (n % 7)}T00:00:00.000Z`, updatedAt: `2026-1${n % 3}-15T00:00:00.000Z` }),
      ...(n % 4 === 0 && { statusAt: `2026-0${1 + (n % 8)}-20T00:00:00.000Z` }),
      assignees: [{ userId: 'u-ada', roleId: 'r-advisor' }],
    };
    yield { enrolment, steps };
  }
}

describe('the lists behind the enrolment and phase figures', () => {
  it('list every enrolment where, and as often as, its status and phase figures count it', () => {
    for (const { enrolment, steps } of enrolments()) {
      const open = enrolment.status === 'Open';
      const entries = dashboardEntries(enrolment, open ? steps : [], open ? PHASES : []);
      // What each entry stands for in the figures: a month of a list is the range of its terms.
      const counted = (entry: { scopeId: string; list: string; term: string }): string[] => {
        const [family, ...rest] = entry.list.split(':');
        const month = entry.term.slice(0, 7);
        if (family === 'placeEnrolments' && rest.length === 0) return [`${entry.scopeId} enrolled:${month}`];
        if (family === 'placeEnrolments') return [`${entry.scopeId} status:${rest[0]}`, ...(ENDED_STATUSES.includes(rest[0] as never) && !entry.term.startsWith('|') ? [`${entry.scopeId} ended:${rest[0]}:${month}`] : [])];
        if (family === 'phaseEnrolments') return [`${entry.scopeId} track:${rest[0]}:phase:${rest[1]}`];
        return [];
      };
      const listed = entries.flatMap(counted).sort();
      const tallied = enrolmentTallies(enrolment, open ? steps : [], open ? PHASES : [])
        .filter((tally) => /^status:|^track:[^:]+:phase:|^enrolled:|^ended:/.test(tally.metric))
        .map((tally) => `${tally.scopeId} ${tally.metric}`)
        .sort();
      expect(listed, enrolment.trackInstanceId).toEqual(tallied);
    }
  });

  it('sort by when the enrolment was made and carry what the list shows', () => {
    const { enrolment, steps } = [...enrolments()].find(({ enrolment: e, steps: s }) => e.status === 'Open' && s.length > 0)!;
    const entries = dashboardEntries(enrolment, steps, PHASES).filter((entry) => entry.list.startsWith('placeEnrolments:') || entry.list.startsWith('phaseEnrolments'));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.term).toBe(`${enrolment.createdAt}|${enrolment.trackInstanceId}`);
      const display = entry.display as unknown as EnrolledDisplay;
      expect(display).toMatchObject({ trackInstanceId: enrolment.trackInstanceId, participantId: enrolment.participantId, status: 'Open', enrolledAt: enrolment.createdAt });
      expect(display.places).toContain(entry.scopeId);
      expect(display.phaseId).toBeDefined();
    }
  });

  it('list an ended enrolment in its status and among everyone, with no phase', () => {
    const ended = { ...[...enrolments()][1].enrolment, status: 'Withdrawn' as const, statusAt: '2026-11-02T10:00:00.000Z' };
    const entries = dashboardEntries(ended, [], []);
    expect(new Set(entries.map((entry) => entry.list))).toEqual(new Set(['placeEnrolments', 'placeEnrolments:Withdrawn']));
    // Its status's list sorts it by when it ended; the list of everyone by when it was made.
    expect(entries.find((entry) => entry.list === 'placeEnrolments:Withdrawn')!.term).toBe(`2026-11-02T10:00:00.000Z|${ended.trackInstanceId}`);
    expect(entries.find((entry) => entry.list === 'placeEnrolments')!.term).toBe(`${ended.createdAt}|${ended.trackInstanceId}`);
    expect(entries.every((entry) => (entry.display as unknown as EnrolledDisplay).phaseId === undefined)).toBe(true);
  });
});
