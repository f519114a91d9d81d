import type { StepRights } from './step-access';
import { loadGroup, type LoadedGroup } from '../../db/access/interview-groups';
import type { StepDesign, StepWork } from '../enrolments/step-instance-store';
import { ballotsOf, voteTemplatesOf, type BallotItem } from './vote-access';

/** Each committee vote of a step by its action instance: its group (with members) and its current round's ballots. */
export type StepVotes = Map<string, { group: LoadedGroup | null; ballots: BallotItem[] }>;

/**
 * What the step page shows of its committee votes: two Queries a vote (the group's collection,
 * the round's ballots), none on a step without one and none for the participant (who sees only the outcome).
 */
export async function votesOfStep(rights: StepRights, work: StepWork, design: StepDesign): Promise<StepVotes> {
  const votes: StepVotes = new Map();
  if (rights.userId === rights.participantId) return votes;
  await Promise.all(
    voteTemplatesOf(design).map(async (template) => {
      const item = work.actions.find((a) => a.actionTemplateId === template.actionTemplateId);
      if (!item) return;
      const [group, ballots] = await Promise.all([loadGroup(template.vote.userGroupId), ballotsOf(item)]);
      votes.set(item.actionInstanceId, { group, ballots });
    }),
  );
  return votes;
}
