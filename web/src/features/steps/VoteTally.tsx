import type { BallotView, CommitteeVoteView } from '@shared/schemas/committee-vote';

type Tally = NonNullable<CommitteeVoteView['tally']>;

export const personName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** What a ballot says beside its choice: the note, or the recusal's reason (marked when a conflict rule recused the member). */
function ballotRemark(ballot: BallotView): string {
  if (ballot.choice === 'Recused') return [ballot.reason, ballot.automatic ? '(automatic)' : ''].filter(Boolean).join(' ');
  return ballot.note ?? '';
}

/** The counts so far and whether the quorum is met (shown once the caller may see them). */
export function VoteTally({ tally }: { tally: Tally }) {
  const rows: Array<[string, string]> = [
    ['Approve', String(tally.approve)],
    ['Deny', String(tally.deny)],
    ['Abstain', String(tally.abstain)],
    ['Recused', String(tally.recused)],
    ['Quorum needed', String(tally.quorumNeeded)],
    ['Quorum met', tally.quorumMet ? 'Yes' : 'No'],
  ];
  return (
    <table className="step-vote-table">
      <caption>Tally</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each member's ballot: who, how, and their note or reason. */
export function VoteBallots({ ballots }: { ballots: readonly BallotView[] }) {
  return (
    <table className="step-vote-table">
      <caption>Ballots</caption>
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Vote</th>
          <th scope="col">Note</th>
        </tr>
      </thead>
      <tbody>
        {ballots.map((ballot) => (
          <tr key={ballot.user.id}>
            <th scope="row">{personName(ballot.user)}</th>
            <td>{ballot.choice ?? 'Not voted'}</td>
            <td>{ballotRemark(ballot)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
