import { ruleText, tallyVotes, type BallotView, type CommitteeVoteRule, type CommitteeVoteView } from '../../../shared/schemas/committee-vote';
import { chairOf, type LoadedGroup } from '../../db/access/interview-groups';
import type { StepRights } from './step-access';
import type { ActionInstanceItem } from '../enrolments/step-instance-store';
import type { BallotItem } from './vote-access';

const person = (b: Pick<BallotItem, 'userId' | 'firstName' | 'lastName'>) => ({ id: b.userId, firstName: b.firstName, lastName: b.lastName });

function ballotView(b: BallotItem): BallotView {
  return {
    user: person(b),
    choice: b.choice ?? null,
    ...(b.note ? { note: b.note } : {}),
    ...(b.reason ? { reason: b.reason } : {}),
    ...(b.automatic ? { automatic: true } : {}),
    ...(b.choice ? { updatedAt: b.updatedAt } : {}),
  };
}

/** The tally of a round as its ballots stand (members as it opened). */
export const tallyOf = (rule: CommitteeVoteRule, memberCount: number, ballots: readonly BallotItem[]) =>
  tallyVotes(rule, memberCount, ballots.flatMap((b) => (b.choice ? [b.choice] : [])));

/**
 * A committee vote as the caller may see it (shared/schemas/committee-vote.ts): never the
 * participant's (null: their page shows only the outcome). Choices and the tally show once the
 * caller has voted or recused, or once the vote is closed; until then only how many have voted.
 */
export function committeeVoteView(rights: StepRights, rule: CommitteeVoteRule, item: ActionInstanceItem, group: LoadedGroup | null, ballots: readonly BallotItem[], open: boolean): CommitteeVoteView | null {
  if (rights.userId === rights.participantId) return null;
  const state = item.voteState ?? 'notOpened';
  const own = ballots.find((b) => b.userId === rights.userId);
  const isMember = state === 'notOpened' ? Boolean(group?.members.some((m) => m.userId === rights.userId)) : Boolean(own);
  const chair = group ? chairOf(group.group, group.members) : null;
  const closed = state === 'closed';
  const shown = closed || Boolean(own?.choice);
  const memberCount = item.vote?.memberCount ?? group?.members.length ?? 0;
  return {
    state,
    rule: { quorumKind: rule.quorumKind, quorum: rule.quorum, majority: rule.majority, base: rule.base, text: ruleText(rule) },
    group: { id: rule.userGroupId, name: group?.group.name ?? '', chair: chair ? { id: chair.id, firstName: chair.firstName, lastName: chair.lastName } : null },
    isChair: Boolean(chair && chair.id === rights.userId),
    mine: own ? ballotView(own) : isMember ? { user: { id: rights.userId, firstName: '', lastName: '' }, choice: null } : null,
    canVote: open && state === 'open' && Boolean(own) && own?.choice !== 'Recused',
    ballots: shown ? ballots.map(ballotView).sort((a, b) => `${a.user.lastName} ${a.user.firstName}`.localeCompare(`${b.user.lastName} ${b.user.firstName}`)) : null,
    tally: shown ? tallyOf(rule, memberCount, ballots) : null,
    memberCount,
    votedCount: ballots.filter((b) => b.choice && b.choice !== 'Recused').length,
    ...(item.vote?.openedAt ? { openedAt: item.vote.openedAt } : {}),
    ...(item.vote?.closedAt ? { closedAt: item.vote.closedAt } : {}),
    ...(item.vote?.closedBy ? { closedBy: { id: item.vote.closedBy, firstName: item.vote.closedByFirstName ?? '', lastName: item.vote.closedByLastName ?? '' } } : {}),
    ...(closed && item.vote?.minutes ? { minutes: item.vote.minutes } : {}),
    version: item.version,
  };
}
