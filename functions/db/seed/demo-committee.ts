import type { AuthContext } from '../../core/session/resolve-session';
import { createGroups } from '../../core/user-groups/group-writes';
import { createStep } from '../../core/tracks/step-editor';
import { castVote, openVote, recuse } from '../../core/step-work/vote-writes';
import { changeContent } from '../../core/step-work/step-work';
import { markAvailability, proposeInterview } from '../../core/interviews/interview-writes';
import { confirmInterview } from '../../core/interviews/interview-invitations';
import { instancePartId, stepInstanceIdOf } from '../../core/enrolments/instance-items';
import { projectUser } from '../../core/users/user-projector';
import { stepInputSchema, type StepDetail } from '../../../shared/schemas/step';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { COMMITTEE_VOTE } from '../../../shared/schemas/committee-vote';
import { db } from '../service';
import { demoLocation, DEMO_LOCATION_IDS } from './demo-organisation';
import { demoUserByRole } from './demo-people';
import { DEMO_INSTANCE_IDS as ids } from './demo-tracks';

/**
 * The living demo's District Committee on Ordained Ministry (issue 26): five interviewers of Blue
 * Ridge, chaired by the demo interviewer (interviewer@example.org), and a step of its own at the
 * end of Formation whose approval is the committee's vote: three-fourths of the members present,
 * quorum three (licensing's rule, Book of Discipline paragraph 666.9). Written through the real
 * group, step, vote and interview functions. Grace's vote is in progress (two of five have voted,
 * one has recused);
 * Sofia's panel interview is confirmed for next week, so its invitations (with their calendar
 * files) are in the mail viewer and its reminder waits for the day before.
 */
export const COMMITTEE_MEMBERS = [
  { id: 'demo-dcom-adeyemi', firstName: 'Thomas', lastName: 'Adeyemi', email: 'thomas.adeyemi@example.org' },
  { id: 'demo-dcom-olsen', firstName: 'Margaret', lastName: 'Olsen', email: 'margaret.olsen@example.org' },
  { id: 'demo-dcom-cho', firstName: 'Samuel', lastName: 'Cho', email: 'samuel.cho@example.org' },
  { id: 'demo-dcom-alvarez', firstName: 'Ruth', lastName: 'Alvarez', email: 'ruth.alvarez@example.org' },
] as const;

export const DISTRICT_COMMITTEE = 'District Committee on Ordained Ministry';
export const COMMITTEE_STEP = 'District Committee interview';

async function seedMembers(seededAt: string): Promise<void> {
  const conference = demoLocation(DEMO_LOCATION_IDS.conference1);
  const interviewer = systemRoleByName('Interviewer');
  const entities = db().entities;
  await Promise.all(
    COMMITTEE_MEMBERS.map(async (person) => {
      await Promise.all([
        entities.user.put({ userId: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email, createdAt: seededAt }).go(),
        entities.userEmail.put({ email: person.email, userId: person.id, createdAt: seededAt }).go(),
        entities.userRole.put({ userId: person.id, roleId: interviewer.id, roleName: interviewer.name, createdAt: seededAt }).go(),
        entities.permission
          .put({ userId: person.id, permissionId: `${person.id}-permission-1`, entity: 'Conference', entityId: conference.locationId, ancestorIds: conference.ancestorIds, primary: true, createdAt: seededAt })
          .go(),
      ]);
      await projectUser(person.id);
    }),
  );
}

/** Before the living candidates enrol: the members, the committee and its step (so their enrolments hold it). */
export async function seedDistrictCommittee(admin: AuthContext, seededAt: string): Promise<StepDetail> {
  await seedMembers(seededAt);
  const chair = demoUserByRole('Interviewer').id;
  const [group] = await createGroups(admin, ids.trackTemplate, [
    { name: DISTRICT_COMMITTEE, description: "Interviews candidates and votes on their recommendation (three-fourths of those present).", conferenceId: DEMO_LOCATION_IDS.conference1, users: [chair, ...COMMITTEE_MEMBERS.map((m) => m.id)], chairId: chair },
  ]);
  const advisorRole = systemRoleByName('Advisor').id;
  const interviewerRole = systemRoleByName('Interviewer').id;
  return createStep(
    admin,
    stepInputSchema.parse({
      phaseId: ids.formationPhase,
      name: COMMITTEE_STEP,
      description: '<p>Meet the District Committee on Ordained Ministry, which then votes on your candidacy.</p>',
      required: true,
      contents: [{ type: 'Task', name: 'Committee interview held', roleId: advisorRole, isPrivate: false, approvedRoles: [], task: { name: 'Committee interview held', description: 'Tick once the panel has met the candidate.' } }],
      actions: [{ type: COMMITTEE_VOTE, name: 'District Committee vote', roleId: interviewerRole, vote: { userGroupId: group.id, quorumKind: 'count', quorum: 3, majority: 'threeFourths', base: 'present' } }],
    }),
  );
}

/** The committee's step of one enrolment: its step, task and vote ids. */
function committeeParts(step: StepDetail, instance: { trackInstanceId: string; createdAt: string }) {
  return { step: stepInstanceIdOf(instance, step.id), content: instancePartId(instance, step.contents[0].id), action: instancePartId(instance, step.actions[0].id) };
}

/** A wall-clock time `days` from now at `hour`:00 in the conference's zone ('YYYY-MM-DDTHH:mm'). */
function localIn(days: number, hour: number, timeZone = 'America/New_York'): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/** After enrolment: Grace's vote in progress, Sofia's interview next week. */
type Enrolment = { trackInstanceId: string; createdAt: string };

export async function runDistrictCommittee(step: StepDetail, advisor: AuthContext, chair: AuthContext, members: AuthContext[], grace: Enrolment, sofia: Enrolment, candidate: AuthContext): Promise<void> {
  const g = committeeParts(step, grace);
  await changeContent(advisor, g.content, { instanceType: 'Task', version: 1, completed: true });
  await openVote(chair, g.action, 1);
  await castVote(members[0], g.action, { choice: 'Approve', note: 'A clear and tested call.' });
  await castVote(members[1], g.action, { choice: 'Approve', note: '' });
  await recuse(members[3], g.action, { reason: "I supervised Grace's field placement." });

  const s = committeeParts(step, sofia);
  const proposed = await proposeInterview(chair, s.action, { slots: [{ start: localIn(7, 10), minutes: 60 }, { start: localIn(8, 14), minutes: 60 }, { start: localIn(9, 10), minutes: 60 }] });
  const [first, second, third] = proposed.interview!.slots;
  // Who can attend which time; Ruth Alvarez has not answered yet.
  const answers: Array<[AuthContext, string[]]> = [[chair, [first.id]], [members[0], [first.id, second.id]], [members[1], [first.id]], [members[2], [first.id, third.id]], [candidate, [first.id, second.id]]];
  for (const [who, slotIds] of answers) await markAvailability(who, s.action, { slotIds });
  await confirmInterview(chair, s.action, { slotId: first.id, place: 'Foothills District Office, Room 2', videoLink: 'https://meet.example.org/dcom-reyes', version: proposed.interview!.version });
}
