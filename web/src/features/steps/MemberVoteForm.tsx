import { useState } from 'react';
import { castVoteSchema, recuseSchema, RECUSAL_REASON_MAX, VOTE_CHOICES, VOTE_NOTE_MAX, type BallotView, type VoteChoice } from '@shared/schemas/committee-vote';
import { Button, RadioGroup, TextArea } from '../../components/ui';

const CHOICE_OPTIONS = VOTE_CHOICES.map((choice) => ({ value: choice, label: choice }));

/** The first message a shared schema gives for a field (the server would say the same). */
const messageAt = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, field: string) => issues.find((issue) => issue.path[0] === field)?.message;

export interface MemberVoteFormProps {
  /** The caller's ballot; its choice, when set, is the vote they may change. */
  mine: BallotView;
  /** Which write is on its way ('vote', 'recuse'), if any. */
  pending: string | null;
  /** Each resolves true when the server took it. */
  onVote: (body: { choice: VoteChoice; note: string }) => Promise<boolean>;
  onRecuse: (body: { reason: string }) => Promise<boolean>;
}

/**
 * A member's ballot while the vote is open: Approve, Deny or Abstain with an optional note, and
 * Recuse, which asks for the reason in place before it is sent.
 */
export function MemberVoteForm({ mine, pending, onVote, onRecuse }: MemberVoteFormProps) {
  const voted = mine.choice !== null && mine.choice !== 'Recused';
  const [choice, setChoice] = useState<string | null>(voted ? mine.choice : null);
  const [note, setNote] = useState(mine.note ?? '');
  const [choiceError, setChoiceError] = useState<string>();
  const [recusing, setRecusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  const submitVote = async () => {
    const parsed = castVoteSchema.safeParse({ choice: choice ?? undefined, note });
    setChoiceError(parsed.success ? undefined : messageAt(parsed.error.issues, 'choice'));
    if (parsed.success) await onVote({ choice: parsed.data.choice, note: parsed.data.note });
  };
  const submitRecusal = async () => {
    const parsed = recuseSchema.safeParse({ reason });
    setReasonError(parsed.success ? undefined : messageAt(parsed.error.issues, 'reason'));
    if (parsed.success && (await onRecuse({ reason: parsed.data.reason }))) setRecusing(false);
  };

  return (
    <div className="step-vote-form">
      <RadioGroup label="Your vote" orientation="horizontal" options={CHOICE_OPTIONS} value={choice} onChange={setChoice} errorMessage={choiceError} isRequired />
      <TextArea label="Note" description="Optional." value={note} onChange={setNote} maxLength={VOTE_NOTE_MAX} rows={2} />
      <div className="step-row">
        <Button size="small" isPending={pending === 'vote'} isDisabled={pending !== null && pending !== 'vote'} onPress={() => void submitVote()}>
          {voted ? 'Change vote' : 'Submit vote'}
        </Button>
        {!recusing && (
          <Button size="small" variant="secondary" isDisabled={pending !== null} onPress={() => setRecusing(true)}>
            Recuse
          </Button>
        )}
      </div>
      {recusing && (
        <div className="step-vote-form">
          <TextArea label="Reason for recusal" value={reason} onChange={setReason} maxLength={RECUSAL_REASON_MAX} rows={2} errorMessage={reasonError} isRequired autoFocus />
          <div className="step-row">
            <Button size="small" variant="danger" isPending={pending === 'recuse'} isDisabled={pending !== null && pending !== 'recuse'} onPress={() => void submitRecusal()}>
              Confirm recusal
            </Button>
            <Button size="small" variant="ghost" isDisabled={pending === 'recuse'} onPress={() => setRecusing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
