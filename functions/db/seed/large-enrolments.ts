import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';
import { db } from '../service';
import { enrolmentDirectoryEntries, type DirectoryEnrolment } from '../directory';
import { finishedProjection, type TallyInput } from '../directory-projection';
import { enrolmentTallies } from '../../core/dashboard/tally-metrics';
import { dashboardEntries } from '../../core/dashboard/dashboard-entries';
import { enrolmentFingerprint } from '../../core/enrolments/enrolment-projector';
import { FIRST_NAMES, LAST_NAMES } from './large-names';

/**
 * Enrolments at scale: a track with many participants, written straight to the table (instances
 * and their advisor assignments, fixed ids, so writing again overwrites). The large seed gives
 * its conference track 10,000 of them; the participants table's tests and benchmark read them.
 * Only what the table and the assignment reads use: no step instances. Each enrolment comes with
 * its participants-table entries and projection record, as its projector leaves them, and its
 * dashboard record (the figures themselves are summed by the caller: `onTallies`).
 */
export const LARGE_ENROLMENTS = 10_000;
const SEEDED_AT = '2025-01-06T15:00:00.000Z';
const advisorRole = SYSTEM_ROLES.find((role) => role.name === 'Advisor')!;

export interface EnrolmentsSpec {
  trackTemplateId: string;
  trackName: string;
  conferenceId: string;
  districtId: string;
  count: number;
  /** The advisor every enrolment gets (one per 50 participants when several are given). */
  advisors: Array<{ userId: string; firstName: string; lastName: string; email: string }>;
  /** Id prefix, so two fixtures in one table never collide. */
  prefix?: string;
  /** The n-th participant's name (default: the seed's word lists). */
  nameOf?: (n: number) => { firstName: string; lastName: string };
  /** The district's chain (outermost first), copied onto each enrolment as enrolment does. */
  ancestorIds?: string[];
  /** Receives each enrolment's dashboard figures, to be summed into the places' counters. */
  onTallies?: (tallies: TallyInput[]) => void;
}

/** Every fifth is not Open, so a status filter has rows of each status spread through the names. */
const statusOf = (n: number) => (n % 5 === 0 ? TRACK_INSTANCE_STATUSES[(n / 5) % TRACK_INSTANCE_STATUSES.length] : 'Open');

const seededName = (n: number) => ({
  firstName: FIRST_NAMES[n % FIRST_NAMES.length],
  lastName: `${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}${Math.floor(n / (FIRST_NAMES.length * LAST_NAMES.length)) || ''}`,
});

export function enrolmentTableItems(spec: EnrolmentsSpec): Array<Record<string, unknown>> {
  const entities = db().entities;
  const item = (params: { Item?: Record<string, unknown> }) => params.Item!;
  const prefix = spec.prefix ?? spec.trackTemplateId;
  const items: Array<Record<string, unknown>> = [];
  for (let n = 0; n < spec.count; n++) {
    const trackInstanceId = `${prefix}-instance-${String(n).padStart(6, '0')}`;
    const { firstName, lastName } = spec.nameOf?.(n) ?? seededName(n);
    const participant = { firstName, lastName, email: `${firstName}.${lastName}.${n}@enrolled.example.org`.toLowerCase() };
    const participantId = `${prefix}-participant-${n}`;
    const advisor = spec.advisors[Math.floor(n / 50) % spec.advisors.length];
    const common = { trackInstanceId, trackTemplateId: spec.trackTemplateId, trackName: spec.trackName, participantId, participant, createdAt: SEEDED_AT };
    const listed = { ...common, conferenceId: spec.conferenceId, districtId: spec.districtId, status: statusOf(n), sortName: `${lastName} ${firstName}`.toLowerCase() };
    const assignees = [{ userId: advisor.userId, roleId: advisorRole.id, roleName: advisorRole.name, firstName: advisor.firstName, lastName: advisor.lastName }];
    // No step instances: an Open one counts in its status and the month it was made, no phase.
    const tallied = { ...listed, ancestorIds: spec.ancestorIds, assignees, updatedAt: SEEDED_AT };
    const tallies = enrolmentTallies(tallied, [], []);
    spec.onTallies?.(tallies);
    // The lists behind the figures: each enrolment in its status's list at every place (no phase: no steps).
    const dashboardLists = dashboardEntries(tallied, [], []);
    const dashboardRecord = finishedProjection('dashboard', trackInstanceId, { entries: dashboardLists, tallies, sourceVersion: 'seeded' }, SEEDED_AT);
    items.push(
      item(entities.projection.put(dashboardRecord).params()),
      ...dashboardLists.map((entry) => item(entities.directoryEntry.put(entry).params())),
      item(
        entities.trackInstance
          .put({
            ...listed,
            ...(spec.ancestorIds ? { ancestorIds: spec.ancestorIds } : {}),
            assignees,
            updatedAt: SEEDED_AT,
          })
          .params(),
      ),
      item(
        entities.trackAssignee
          .put({ ...common, assigneeId: advisor.userId, roleId: advisorRole.id, roleName: advisorRole.name, assignee: { firstName: advisor.firstName, lastName: advisor.lastName, email: advisor.email } })
          .params(),
      ),
      ...enrolmentListItems(listed),
    );
  }
  return items;
}

/** An enrolment's participants-table entries and the record its projector would leave (enrolment-projector.ts). */
function enrolmentListItems(enrolment: DirectoryEnrolment): Array<Record<string, unknown>> {
  const entries = enrolmentDirectoryEntries(enrolment);
  const record = finishedProjection('enrolment', enrolment.trackInstanceId, { entries, sourceVersion: enrolmentFingerprint(entries) }, SEEDED_AT);
  return [...entries.map((entry) => db().entities.directoryEntry.put(entry).params().Item!), db().entities.projection.put(record).params().Item!];
}
