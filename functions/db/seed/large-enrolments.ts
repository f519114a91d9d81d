import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { TRACK_INSTANCE_STATUSES } from '../../../shared/tracks/statuses';
import { db } from '../service';
import { FIRST_NAMES, LAST_NAMES } from './large-names';

/**
 * Enrolments at scale: a track with many participants, written straight to the table (instances
 * and their advisor assignments, fixed ids, so writing again overwrites). The large seed gives
 * its conference track 10,000 of them; the participants table's tests and benchmark read them.
 * Only what the table and the assignment reads use: no step instances.
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
}

/** Every fifth is not Open, so a status filter has rows of each status spread through the names. */
const statusOf = (n: number) => (n % 5 === 0 ? TRACK_INSTANCE_STATUSES[(n / 5) % TRACK_INSTANCE_STATUSES.length] : 'Open');

export function enrolmentTableItems(spec: EnrolmentsSpec): Array<Record<string, unknown>> {
  const entities = db().entities;
  const item = (params: { Item?: Record<string, unknown> }) => params.Item!;
  const prefix = spec.prefix ?? spec.trackTemplateId;
  const items: Array<Record<string, unknown>> = [];
  for (let n = 0; n < spec.count; n++) {
    const trackInstanceId = `${prefix}-instance-${String(n).padStart(6, '0')}`;
    const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
    const lastName = `${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}${Math.floor(n / (FIRST_NAMES.length * LAST_NAMES.length)) || ''}`;
    const participant = { firstName, lastName, email: `${firstName}.${lastName}.${n}@enrolled.example.org`.toLowerCase() };
    const participantId = `${prefix}-participant-${n}`;
    const advisor = spec.advisors[Math.floor(n / 50) % spec.advisors.length];
    const common = { trackInstanceId, trackTemplateId: spec.trackTemplateId, trackName: spec.trackName, participantId, participant, createdAt: SEEDED_AT };
    items.push(
      item(
        entities.trackInstance
          .put({
            ...common,
            conferenceId: spec.conferenceId,
            districtId: spec.districtId,
            status: statusOf(n),
            sortName: `${lastName} ${firstName}`.toLowerCase(),
            assignees: [{ userId: advisor.userId, roleId: advisorRole.id, roleName: advisorRole.name, firstName: advisor.firstName, lastName: advisor.lastName }],
            updatedAt: SEEDED_AT,
          })
          .params(),
      ),
      item(
        entities.trackAssignee
          .put({ ...common, assigneeId: advisor.userId, roleId: advisorRole.id, roleName: advisorRole.name, assignee: { firstName: advisor.firstName, lastName: advisor.lastName, email: advisor.email } })
          .params(),
      ),
    );
  }
  return items;
}
