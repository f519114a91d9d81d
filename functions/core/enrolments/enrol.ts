import { loadUserAggregate, type UserAggregate } from '../../db/access/user-aggregate';
import { newId } from '../../db/ids';
import { newJob } from '../../db/jobs';
import { db } from '../../db/service';
import { batchGet, retry, transact, TRANSACTION_MAX_ITEMS } from '../../db/transact';
import { BusinessRuleError, BusyError, ConflictError, ForbiddenError, HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { scoped } from '../../../shared/auth/ability';
import { grants } from '../../../shared/auth/permissions';
import { ADDER_HAS_NO_DISTRICT, PARTICIPANT_NEEDS_DISTRICT, type EnrolInput } from '../../../shared/schemas/track-instance';
import { canSeeTarget } from '../users/target-user';
import { findRole } from '../../db/access/role-store';
import type { AuthContext } from '../session/resolve-session';
import { assertTrackOpen, isTrackOpen, mayActAt, placeOf, TRACK_DELETING_MESSAGE } from '../tracks/track-scope';
import { getTrackTemplate, readTrackAggregate, type TrackAggregate, type TrackTemplateItem } from '../tracks/track-store';
import { StaleVersionError } from '../../db/versioned';
import { projectEnrolmentsNow } from './enrolment-projector';
import { alreadyEnrolledMessage, enrolmentClaim, visibilityItemCount, visibilityWrites, type Person, type PlannedInstance } from './enrol-writes';
import { ENROL_JOB_KIND, type EnrolJobInput } from './enrol-job';
import { ADVISOR_ROLE_ID } from './instance-access';
import { stepInstanceWrites, type StepTemplateParts } from './instance-items';
import { rolesVersionOf, RolesMovedError } from './roles-guard';
import { activeSteps, partsFor, trackParts } from './template-parts';
import { auditActorOf } from '../records/audit-write';

export const SYSTEM_ROLE_ERROR = 'System role error has occurred, please try again later.';
export const TRACK_INACTIVE_MESSAGE = 'This track is inactive: participants cannot be enrolled in it.';
export const NOT_AN_ADVISOR = 'Advisors must hold the Advisor role.';
export const NOT_YOUR_DISTRICT = 'Choose one of the districts on your profile.';

export type EnrolOutcome = { trackInstanceIds: string[] } | { jobId: string };

const personOf = (aggregate: UserAggregate): Person => ({ userId: aggregate.user.userId, firstName: aggregate.user.firstName, lastName: aggregate.user.lastName, email: aggregate.user.email });

/** The track to enrol in: in the caller's reach, not being deleted (409), active (422). */
async function enrollableTrack(auth: AuthContext, trackTemplateId: string): Promise<TrackTemplateItem> {
  const track = await getTrackTemplate(trackTemplateId);
  if (!track) throw new NotFoundError('Track not found.');
  if (!mayActAt(auth, 'read', await placeOf(track))) throw new ForbiddenError();
  assertTrackOpen(track, 'create');
  if (track.disabled) throw new BusinessRuleError(TRACK_INACTIVE_MESSAGE);
  return track;
}

async function loadPeople(ids: readonly string[]): Promise<Array<UserAggregate | null>> {
  return Promise.all(ids.map((userId) => loadUserAggregate(userId, { consistent: true })));
}

/**
 * The enrolment's district (SPEC.md section 5, Add participant): the participant's active
 * district (the primary one first), else the location picked from the adder's districts.
 * Returns the district with its chain (the scope check of the enrolment).
 */
export function districtFor(auth: AuthContext, participant: UserAggregate, locationId: string | undefined): { districtId: string; ancestorIds: string[] } {
  const own = grants(participant.permissions)
    .filter((permission) => permission.entity === 'District')
    .sort((a, b) => Number(Boolean(b.primary)) - Number(Boolean(a.primary)))[0];
  if (own) return { districtId: own.entityId, ancestorIds: own.ancestorIds };
  const adderDistricts = grants(auth.permissions).filter((permission) => permission.entity === 'District');
  if (!adderDistricts.length) throw new ValidationError({ locationId: [ADDER_HAS_NO_DISTRICT] }, ADDER_HAS_NO_DISTRICT);
  if (!locationId) throw new ValidationError({ locationId: [PARTICIPANT_NEEDS_DISTRICT] }, PARTICIPANT_NEEDS_DISTRICT);
  const chosen = adderDistricts.find((permission) => permission.entityId === locationId);
  if (!chosen) throw new ValidationError({ locationId: [NOT_YOUR_DISTRICT] });
  return { districtId: chosen.entityId, ancestorIds: chosen.ancestorIds };
}

/** Each advisor: someone the caller sees, holding the Advisor role (which must exist: SPEC.md section 8). */
async function checkedAdvisors(auth: AuthContext, advisorIds: readonly string[]): Promise<Person[]> {
  if (!(await findRole(ADVISOR_ROLE_ID))) throw new HttpError(500, SYSTEM_ROLE_ERROR);
  const advisors = await loadPeople(advisorIds);
  return advisors.map((advisor) => {
    const problem = advisorProblem(auth, advisor);
    if (problem) throw new ValidationError({ advisorIds: [problem] });
    return personOf(advisor!);
  });
}

export const ADVISOR_NOT_FOUND = 'Advisor not found.';

/** Why this person may not be an enrolment's advisor for the caller (the import's preview asks too), or null. */
export function advisorProblem(auth: AuthContext, advisor: UserAggregate | null): string | null {
  if (!advisor || advisor.user.inactive || !canSeeTarget(auth, advisor)) return ADVISOR_NOT_FOUND;
  if (!advisor.roles.some((role) => role.roleId === ADVISOR_ROLE_ID)) return NOT_AN_ADVISOR;
  return null;
}

/**
 * `POST track/instance` (Add Participant, the profile's Add Track): every check on the loaded
 * items first (track, participants, advisors, districts, scope, existing enrolments), then one
 * transaction per participant when the track fits in one, otherwise a background job that
 * writes the steps first and makes each enrolment visible last.
 */
export async function enrol(auth: AuthContext, input: EnrolInput, options: { trackInstanceIds?: string[] } = {}): Promise<EnrolOutcome> {
  const track = await enrollableTrack(auth, input.trackId);
  const [advisors, participants] = await Promise.all([checkedAdvisors(auth, input.advisorIds), loadPeople(input.participantIds)]);
  const createdAt = new Date().toISOString();
  const planned: PlannedInstance[] = participants.map((participant, index) => {
    if (!participant || !canSeeTarget(auth, participant)) throw new NotFoundError('User not found.');
    if (participant.user.inactive) throw new ValidationError({ participantIds: ['This participant is inactive.'] });
    const district = districtFor(auth, participant, input.locationId);
    // Enrolling is an act on the enrolment's district: the caller's role must reach it there.
    if (!auth.ability.can('create', scoped('TrackInstance', { ancestorIds: district.ancestorIds }))) throw new ForbiddenError();
    return {
      // An import fixes the id (a repeated job step finds its own enrolment); otherwise a new one.
      trackInstanceId: options.trackInstanceIds?.[index] ?? newId(),
      trackTemplateId: track.trackTemplateId,
      trackName: track.name,
      participantId: participant.user.userId,
      participant: personOf(participant),
      conferenceId: track.conferenceId,
      districtId: district.districtId,
      ancestorIds: district.ancestorIds,
      createdAt,
    };
  });
  await refuseEnrolled(planned, track.name);

  const outline = await readTrackAggregate(track.trackTemplateId);
  if (!outline) throw new NotFoundError('Track not found.');
  const steps = activeSteps(outline);
  const fixed = visibilityItemCount(advisors.length);
  if (fixed + steps.length <= TRANSACTION_MAX_ITEMS) {
    // The outline (with the roles version) was read before the parts: see roles-guard.ts.
    let design: Design = { outline, parts: await partsFor(outline, steps, await trackParts(track.trackTemplateId)) };
    const planWith = (current: Design, instance: PlannedInstance) => {
      const active = activeSteps(current.outline);
      const activeIds = new Set(active.map((step) => step.stepTemplateId));
      const writes = active.map((step) => stepInstanceWrites(instance, step, current.parts, { activeIds, completedIds: new Set(), now: createdAt, mode: 'put' }));
      return [...writes.flatMap((step) => [...step.writes, ...step.formWrites]), ...visibilityWrites(instance, advisors, auditActorOf(auth), rolesVersionOf(current.outline.track))];
    };
    const plan = (instance: PlannedInstance) => planWith(design, instance);
    if (planned.every((instance) => plan(instance).length <= TRANSACTION_MAX_ITEMS)) {
      // One transaction each; one whose design moved meanwhile reads it again (those before it committed first, so the edit's job reaches them).
      for (const instance of planned) {
        await retry(
          async () => {
            try {
              await transact(plan(instance));
            } catch (error) {
              if (error instanceof RolesMovedError) design = await designAgain(track, (next) => planned.every((other) => planWith(next, other).length <= TRANSACTION_MAX_ITEMS));
              throw error;
            }
          },
          { attempts: ROLES_MOVED_ATTEMPTS, again: ({ error }) => error instanceof RolesMovedError },
        );
      }
      await projectEnrolmentsNow(planned.map((instance) => instance.trackInstanceId));
      return { trackInstanceIds: planned.map((instance) => instance.trackInstanceId) };
    }
  }
  const jobInput: EnrolJobInput = { trackTemplateId: track.trackTemplateId, actorId: auth.userId, actorName: { firstName: auth.user.firstName, lastName: auth.user.lastName }, advisors, instances: planned };
  const job = newJob({ kind: ENROL_JOB_KIND, ownerId: auth.userId, title: `Enrolling ${planned.length === 1 ? `${planned[0].participant.firstName} ${planned[0].participant.lastName}` : `${planned.length} participants`} in ${track.name}`, input: jobInput, total: planned.length * steps.length });
  await transact([job.write]);
  return { jobId: job.jobId };
}

/** Times one enrolment's transaction is planned again after a step's roles changed under it. */
const ROLES_MOVED_ATTEMPTS = 5;

interface Design {
  outline: TrackAggregate;
  parts: StepTemplateParts;
}

/**
 * The design read again after a step's roles moved under an enrolment's transaction: the outline
 * (and its roles version) before the parts. A track being deleted meanwhile is 409, and so is one
 * moved to another conference (the enrolments were planned, and checked, in the one read first);
 * a design grown past one transaction meanwhile asks for another try (which then takes the job).
 */
async function designAgain(track: TrackTemplateItem, fits: (design: Design) => boolean): Promise<Design> {
  const { trackTemplateId } = track;
  const outline = await readTrackAggregate(trackTemplateId);
  if (!outline || !isTrackOpen(outline.track)) throw new ConflictError(TRACK_DELETING_MESSAGE);
  if (outline.track.conferenceId !== track.conferenceId) throw new StaleVersionError();
  const design = { outline, parts: await partsFor(outline, activeSteps(outline), await trackParts(trackTemplateId)) };
  if (!fits(design)) throw new BusyError();
  return design;
}

/** A participant already enrolled is refused before anything is written (the claim in the write decides races). */
async function refuseEnrolled(planned: readonly PlannedInstance[], trackName: string): Promise<void> {
  const keys = planned.map((instance) => enrolmentClaim(instance.trackTemplateId, instance.participantId));
  const held = await batchGet<{ name: string }>(db().entities.claim, keys);
  const taken = planned.find((instance) => held.some((claim) => claim.name === keys[planned.indexOf(instance)].name));
  if (taken) throw new ConflictError(alreadyEnrolledMessage(taken.participant, trackName));
}
