import { VOTE_NOT_OPEN, VOTE_QUORUM_NOT_MET, type CloseVote } from '../../../shared/schemas/committee-vote';
import type { StepInstancePage } from '../../../shared/schemas/step-instance';
import { retry, transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { ConflictError, StaleVersionError } from '../../lib/errors';
import { eventWrites, stepInstanceLink } from '../outbox/instance-events';
import { enrolmentEntry } from '../records/enrolment-records';
import type { Caller } from './step-load';
import { actionIndex, stateOf, transition } from './step-state';
import { commit } from './step-work';
import { partLabel } from './work-audit';
import { loadVoteForWrite, type LoadedVote } from './vote-access';
import { tallyOf } from './vote-view';
import { requireChair, votePage } from './vote-writes';

/** Ballots that land between the close's read and its write send it back to count again, this many times. */
const CLOSE_ATTEMPTS = 4;

/**
 * The chair closes the vote (`POST .../close-vote`) on the action's version, with the minutes.
 * Without the quorum nothing is written (409: the vote stays open). With it, two transactions:
 * the close (the action closed with its tally and minutes, every ballot closed on the version
 * counted, the History's entry with each member's choice) and then the decision, as an Approval's
 * (the action approved or denied by the chair, the step's machine, the participant's bell). Two
 * chairs' closes at once: one wins the action's version, the other is 409. A close that crashed
 * between the two is finished by closing again.
 */
export async function closeVote(auth: Caller, actionInstanceId: string, input: CloseVote): Promise<StepInstancePage> {
  const closed = await retry(
    async () => {
      const loaded = await loadVoteForWrite(auth, actionInstanceId);
      requireChair(auth, loaded);
      if (loaded.item.voteState === 'closed' && loaded.item.approved == null) return loaded;
      if (loaded.item.version !== input.version) throw new StaleVersionError(undefined, loaded.item.version);
      if (loaded.item.voteState !== 'open') throw new ConflictError(VOTE_NOT_OPEN);
      await close(auth, loaded, input.minutes);
      return loadVoteForWrite(auth, actionInstanceId);
    },
    // A ballot changed after we counted (the action's version is still the one sent): count again.
    { attempts: CLOSE_ATTEMPTS, again: ({ error }) => error instanceof BallotsMovedError },
  );
  return decide(auth, closed);
}

/** The close's transaction failed on a ballot's version (or the action's): read and count again. */
class BallotsMovedError extends StaleVersionError {}

async function close(auth: Caller, loaded: LoadedVote, minutes: string): Promise<void> {
  const { item, template, ballots, instance, design } = loaded;
  const memberCount = item.vote?.memberCount ?? ballots.length;
  const tally = tallyOf(template.vote, memberCount, ballots);
  if (!tally.quorumMet) throw new ConflictError(VOTE_QUORUM_NOT_MET);
  const now = new Date().toISOString();
  const key = { trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, actionInstanceId: item.actionInstanceId };
  const vote = {
    memberCount, openedAt: item.vote?.openedAt ?? now, closedAt: now, closedBy: auth.userId, closedByFirstName: auth.user.firstName ?? '', closedByLastName: auth.user.lastName ?? '',
    ...(minutes ? { minutes } : {}),
    approve: tally.approve, deny: tally.deny, abstain: tally.abstain, recused: tally.recused, quorumNeeded: tally.quorumNeeded,
  };
  const field = partLabel(design.step.name, template.name);
  await transactCounted([
    (tx) => tx.stepActionInstance.patch(key).set({ voteState: 'closed', vote }).add({ version: 1 }).where(ifVersion(item.version)).commit(),
    ...ballots.map(
      (b): TransactionItem =>
        (tx) => tx.committeeBallot.patch({ trackInstanceId: b.trackInstanceId, actionInstanceId: b.actionInstanceId, round: b.round, userId: b.userId }).set({ open: false }).add({ version: 1 }).where(ifVersion(b.version)).commit(),
    ),
    enrolmentEntry(auth, instance, 'enrolment.vote.closed', 'actions', [
      { field, before: 'open', after: `closed: ${tally.outcome}` },
      { field: `${field} tally`, after: `Approve ${tally.approve}, Deny ${tally.deny}, Abstain ${tally.abstain}, Recused ${tally.recused} (quorum ${tally.quorumNeeded}, present ${tally.present})` },
      ...ballots.map((b) => ({ field: `${field} vote of ${b.firstName} ${b.lastName}`, after: b.choice ?? 'did not vote' })),
      ...(minutes ? [{ field: `${field} minutes`, changed: true }] : []),
    ]),
  ]);
}

/** The close's writes; a failed condition (a ballot written after the count, or another close) is BallotsMovedError. */
async function transactCounted(items: TransactionItem[]): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (error instanceof StaleVersionError) throw new BallotsMovedError();
    throw error;
  }
}

/** The closed vote's decision through the step's machine, as an Approval decided by the chair. */
async function decide(auth: Caller, loaded: LoadedVote): Promise<StepInstancePage> {
  const { item, template, ballots, work, design, instance } = loaded;
  const tally = tallyOf(template.vote, item.vote?.memberCount ?? ballots.length, ballots);
  if (!tally.outcome) throw new ConflictError(VOTE_QUORUM_NOT_MET);
  const approved = tally.outcome === 'approved';
  const after = transition(stateOf(work, design), { kind: 'decide', index: actionIndex(work, design, item.actionInstanceId), approved });
  const key = { trackInstanceId: item.trackInstanceId, stepInstanceId: item.stepInstanceId, actionInstanceId: item.actionInstanceId };
  const decision = { approved, userId: auth.userId, userFirstName: auth.user.firstName ?? '', userLastName: auth.user.lastName ?? '' };
  const verb = approved ? 'approved' : 'denied';
  const events = eventWrites({ recipientIds: [instance.participantId], actorId: auth.userId, message: `${template.name} on ${design.step.name} was ${verb}.`, link: stepInstanceLink(item.stepInstanceId) });
  await commit(auth, loaded, [(tx) => tx.stepActionInstance.patch(key).set(decision).add({ version: 1 }).where(ifVersion(item.version)).commit()], after, {
    action: `enrolment.action.${verb}`, kind: 'actions', changes: [{ field: partLabel(design.step.name, template.name), before: 'pending', after: verb }],
  }, events);
  return votePage(loaded);
}
