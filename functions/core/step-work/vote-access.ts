import { COMMITTEE_VOTE, VOTE_GROUP_OF_TRACK, type CommitteeVoteRule } from '../../../shared/schemas/committee-vote';
import type { EntityItem } from 'electrodb';
import type { committeeBallot } from '../../db/entities/committee-ballot';
import { USER_GROUP_MEMBERS_MAX } from '../../../shared/schemas/user-group';
import { db } from '../../db/service';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors';
import { requireStepRights, type StepCaller, type StepRights } from './step-access';
import type { Caller, LoadedStep } from './step-load';
import { loadGroup, type LoadedGroup } from '../../db/access/interview-groups';
import { locateAction, readStepDesign, readStepWorkConsistent, readTrackInstance, type ActionInstanceItem, type StepDesign, type TrackInstanceItem } from '../enrolments/step-instance-store';
import type { ActionItem } from '../tracks/step-view';

export type BallotItem = EntityItem<typeof committeeBallot>;

export const NOT_A_VOTE = 'This action is not a committee vote.';

/** The committee votes of a step's design, with their rules. */
export const voteTemplatesOf = (design: StepDesign) =>
  design.actions.filter((t): t is ActionItem & { vote: CommitteeVoteRule } => t.type === COMMITTEE_VOTE && Boolean(t.vote));

/**
 * The caller's rights on a step: those of the enrolment (instance-access.ts), or, for a member of
 * the group of one of the step's committee votes who may not otherwise open the enrolment, the
 * rights of a reader who is responsible for nothing (they see the step to vote on it; private
 * content stays hidden unless their roles are approved for it). The group must be one of the
 * enrolment's own track. One Query per vote on the step (the group with its members), and only
 * when the enrolment's rule said no.
 */
export async function stepRightsWithCommittee(auth: StepCaller, instance: TrackInstanceItem, design: StepDesign): Promise<StepRights> {
  try {
    return await requireStepRights(auth, instance);
  } catch (error) {
    if (!(error instanceof ForbiddenError)) throw error;
    const groups = await Promise.all([...new Set(voteTemplatesOf(design).map((t) => t.vote.userGroupId))].map((userGroupId) => loadGroup(userGroupId)));
    // A member of a group of the enrolment's own track: a design copied into another conference (a transfer, an
    // import) still names the source's group, whose members must not follow the enrolment there.
    const isMember = groups.some((loaded) => loaded?.group.trackTemplateId === instance.trackTemplateId && loaded.members.some((m) => m.userId === auth.userId));
    if (!isMember) throw error;
    return {
      userId: auth.userId,
      participantId: instance.participantId,
      hasOverride: false,
      canChangeStatus: false,
      roleIds: auth.roles.map((r) => r.roleId),
      assignees: instance.assignees.map((a) => ({ userId: a.userId, roleId: a.roleId })),
    };
  }
}

/** A committee vote read for a write: its step (consistent), the action and its rule, the group with its members, the current round's ballots. */
export interface LoadedVote extends LoadedStep {
  item: ActionInstanceItem;
  template: ActionItem & { vote: CommitteeVoteRule };
  group: LoadedGroup;
  ballots: BallotItem[];
}

/** The ballots of one round of a vote: one Query (at most one a member). */
export async function ballotsOf(item: Pick<ActionInstanceItem, 'trackInstanceId' | 'actionInstanceId' | 'voteRound'>, consistent = false): Promise<BallotItem[]> {
  if (!item.voteRound) return [];
  const { data } = await db()
    .entities.committeeBallot.query.byAction({ trackInstanceId: item.trackInstanceId, actionInstanceId: item.actionInstanceId, round: item.voteRound })
    .go({ limit: USER_GROUP_MEMBERS_MAX, consistent });
  return data;
}

export async function loadVoteForWrite(auth: Caller, actionInstanceId: string): Promise<LoadedVote> {
  const located = await locateAction(actionInstanceId);
  const [work, instance] = await Promise.all([readStepWorkConsistent(located.trackInstanceId, located.stepInstanceId), readTrackInstance(located.trackInstanceId, true)]);
  const design = await readStepDesign(work.step.stepTemplateId);
  const item = work.actions.find((a) => a.actionInstanceId === actionInstanceId)!;
  // Whether the caller may see the step at all comes first: nothing about the action is told to others.
  const rights = await stepRightsWithCommittee(auth, instance, design);
  const template = voteTemplatesOf(design).find((t) => t.actionTemplateId === item.actionTemplateId);
  if (!template) throw new ValidationError({ id: [NOT_A_VOTE] });
  const [group, ballots] = await Promise.all([loadGroup(template.vote.userGroupId, true), ballotsOf(item, true)]);
  // A step imported from another track names that track's group: it cannot vote here.
  if (!group || group.group.trackTemplateId !== instance.trackTemplateId) throw new ConflictError(VOTE_GROUP_OF_TRACK);
  return { rights, instance, work, design, item, template, group, ballots };
}
