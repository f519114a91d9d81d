import { CONFLICT_REASONS, VOTE_ALREADY_OPEN, VOTE_NEEDS_CHAIR, VOTE_NOT_A_MEMBER, VOTE_NOT_OPEN, VOTE_ONLY_CHAIR, VOTE_RECUSED, type CastVote, type Recusal } from '../../../shared/schemas/committee-vote';
import type { StepInstancePage } from '../../../shared/schemas/step-instance';
import { STEP_MESSAGES } from '../../../shared/tracks/step-status';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ConflictError, ForbiddenError, StaleVersionError } from '../../lib/errors';
import { eventWrites, stepInstanceLink } from '../outbox/instance-events';
import { enrolmentEntry } from '../records/enrolment-records';
import type { Caller } from './step-load';
import { pageOf } from './step-page';
import { contentDoneOf, isOpenForWork } from './step-state';
import { partLabel } from './work-audit';
import { readStepWorkConsistent } from '../enrolments/step-instance-store';
import { ballotsOf, loadVoteForWrite, type BallotItem, type LoadedVote } from './vote-access';
import { conflictsOf } from './vote-conflicts';

const candidate = ({ instance }: LoadedVote) => `${instance.participant.firstName} ${instance.participant.lastName}`;
const label = (loaded: LoadedVote) => partLabel(loaded.design.step.name, loaded.template.name);

/** The page after a vote's write, as the caller sees it (from the main table: the write is read back). */
export async function votePage(loaded: LoadedVote): Promise<StepInstancePage> {
  const work = await readStepWorkConsistent(loaded.instance.trackInstanceId, loaded.work.step.stepInstanceId);
  return pageOf(loaded.rights, loaded.instance, work, loaded.design);
}

export function requireChair(auth: Caller, { group }: LoadedVote): void {
  if (!group.group.chairId || !group.members.some((m) => m.userId === group.group.chairId)) throw new ConflictError(VOTE_NEEDS_CHAIR);
  if (group.group.chairId !== auth.userId) throw new ForbiddenError(VOTE_ONLY_CHAIR);
}

/**
 * The chair opens the vote on the action's version, once the step is open and its content done
 * (as for any action). One transaction: the action (open, round n+1), a ballot for every member of
 * the group as it is now (those with a conflict Recused, with the rule's reason), the bell of each
 * member (the recused told why), and the enrolment's History. At most 40 members: 82 items.
 */
export async function openVote(auth: Caller, actionInstanceId: string, version: number): Promise<StepInstancePage> {
  const loaded = await loadVoteForWrite(auth, actionInstanceId);
  const { item, work, design, group, instance } = loaded;
  requireChair(auth, loaded);
  if (item.version !== version) throw new StaleVersionError(undefined, item.version);
  if (item.voteState === 'open' || (item.approved !== undefined && item.approved !== null)) throw new ConflictError(VOTE_ALREADY_OPEN);
  if (!isOpenForWork(work.step.status)) throw new ConflictError(VOTE_NOT_OPEN);
  if (!design.contents.every((c) => contentDoneOf(work, c.contentTemplateId))) throw new ConflictError(STEP_MESSAGES.contentNotDone);
  const members = group.members;
  const conflicts = await conflictsOf(instance, members.map((m) => m.userId));
  const round = (item.voteRound ?? 0) + 1;
  const now = new Date().toISOString();
  const key = { trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, actionInstanceId };
  const ballots: BallotItem[] = members.map((m) => {
    const conflict = conflicts.get(m.userId);
    return {
      trackInstanceId: item.trackInstanceId, actionInstanceId, round, userId: m.userId, open: true, firstName: m.user.firstName, lastName: m.user.lastName,
      ...(conflict ? { choice: 'Recused' as const, reason: CONFLICT_REASONS[conflict], automatic: true } : {}),
      createdAt: now, updatedAt: now, version: 1,
    };
  });
  const link = stepInstanceLink(item.stepInstanceId);
  const recused = ballots.filter((b) => b.automatic);
  const voters = ballots.filter((b) => !b.automatic);
  const name = `${loaded.template.name} on ${candidate(loaded)}'s ${design.step.name}`;
  await transact([
    (tx) =>
      tx.stepActionInstance.patch(key).set({ voteState: 'open', voteRound: round, vote: { memberCount: members.length, openedAt: now } }).add({ version: 1 }).where(ifVersion(item.version)).commit(),
    ...ballots.map((ballot): TransactionItem => (tx) => tx.committeeBallot.put(ballot).commit()),
    ...eventWrites({ recipientIds: voters.map((b) => b.userId), actorId: auth.userId, message: `The committee vote ${name} is open.`, link }),
    ...recused.flatMap((b) => eventWrites({ recipientIds: [b.userId], actorId: auth.userId, message: `You are recused from the committee vote ${name}: ${b.reason}`, link })),
    enrolmentEntry(auth, instance, 'enrolment.vote.opened', 'actions', [
      { field: label(loaded), before: 'not opened', after: 'open' },
      ...recused.map((b) => ({ field: `${label(loaded)} recused`, after: `${b.firstName} ${b.lastName} (${b.reason})` })),
    ]),
  ]);
  return votePage(loaded);
}

/** The caller's ballot in the open round, or the reason they cannot write it. */
function ownBallot(auth: Caller, loaded: LoadedVote, version: number | undefined): BallotItem {
  const own = loaded.ballots.find((b) => b.userId === auth.userId);
  if (!own) throw new ForbiddenError(VOTE_NOT_A_MEMBER);
  if (loaded.item.voteState !== 'open' || !own.open) throw new ConflictError(VOTE_NOT_OPEN);
  if (!isOpenForWork(loaded.work.step.status)) throw new ConflictError(VOTE_NOT_OPEN);
  if (own.choice === 'Recused') throw new ConflictError(VOTE_RECUSED);
  if (version !== undefined && version !== own.version) throw new StaleVersionError(undefined, own.version);
  return own;
}

/**
 * The member's own ballot, on its version as read and while it is open: one item and the History's
 * entry (the choice, never the note's text), so members voting at once never touch the same item.
 * A close that came first set the ballot closed: the write is refused (409), the vote not lost silently.
 */
async function writeBallot(auth: Caller, loaded: LoadedVote, own: BallotItem, set: Partial<Pick<BallotItem, 'choice' | 'note' | 'reason'>>, remove: Array<'note' | 'reason'>, action: string, after: string): Promise<StepInstancePage> {
  const key = { trackInstanceId: own.trackInstanceId, actionInstanceId: own.actionInstanceId, round: own.round, userId: own.userId };
  try {
    await transact([
      (tx) => {
        const patch = tx.committeeBallot.patch(key).set(set);
        return (remove.length ? patch.remove(remove) : patch)
          .add({ version: 1 })
          .where(({ version, open }, { eq }) => `${eq(version, own.version)} AND ${eq(open, true)}`)
          .commit();
      },
      enrolmentEntry(auth, loaded.instance, action, 'actions', [{ field: label(loaded), before: own.choice ?? 'not voted', after }]),
    ]);
  } catch (error) {
    if (!(error instanceof StaleVersionError)) throw error;
    const [now] = (await ballotsOf(loaded.item, true)).filter((b) => b.userId === auth.userId);
    if (now && !now.open) throw new ConflictError(VOTE_NOT_OPEN);
    throw error;
  }
  return votePage(loaded);
}

/** `POST .../vote`: Approve, Deny or Abstain with an optional note; again to change it while the vote is open. */
export async function castVote(auth: Caller, actionInstanceId: string, input: CastVote): Promise<StepInstancePage> {
  const loaded = await loadVoteForWrite(auth, actionInstanceId);
  const own = ownBallot(auth, loaded, input.version);
  return writeBallot(auth, loaded, own, { choice: input.choice, ...(input.note ? { note: input.note } : {}) }, input.note ? [] : ['note'], own.choice ? 'enrolment.vote.changed' : 'enrolment.vote.cast', input.choice);
}

/** `POST .../recuse`: the member steps aside with a reason (a vote already cast is withdrawn); final for this round. */
export async function recuse(auth: Caller, actionInstanceId: string, input: Recusal): Promise<StepInstancePage> {
  const loaded = await loadVoteForWrite(auth, actionInstanceId);
  const own = ownBallot(auth, loaded, input.version);
  return writeBallot(auth, loaded, own, { choice: 'Recused', reason: input.reason }, ['note'], 'enrolment.vote.recused', 'Recused');
}
