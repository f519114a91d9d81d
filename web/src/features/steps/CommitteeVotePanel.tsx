import { useEffect, useId, useRef, useState } from 'react';
import { STEP_MESSAGES } from '@shared/tracks/step-status';
import { VOTE_MINUTES_MAX, type CommitteeVoteView, type VoteState } from '@shared/schemas/committee-vote';
import { Alert, Badge, Button, formatDateTime, TextArea, type BadgeTone } from '../../components/ui';
import { MemberVoteForm } from './MemberVoteForm';
import type { ActionView, StepView } from './step-api';
import { castVote, closeVote, openVote, recuse } from './vote-api';
import { personName, VoteBallots, VoteTally } from './VoteTally';

const STATE_BADGES: Record<VoteState, { label: string; tone: BadgeTone }> = {
  notOpened: { label: 'Not opened', tone: 'neutral' },
  open: { label: 'Open', tone: 'info' },
  closed: { label: 'Closed', tone: 'neutral' },
};

// StepActionItem's CONTENT_NOT_DONE, not imported from it: it imports this panel.
const CONTENT_NOT_DONE = STEP_MESSAGES.contentNotDone;

export interface CommitteeVotePanelProps {
  action: ActionView;
  vote: CommitteeVoteView;
  contentDone: boolean;
  onChanged: (page: StepView) => void;
}

/**
 * A committee vote on the step page (issue 26), for those who may see it: its rule, group and
 * chair; the chair opens it (once the content is done) and closes it with the minutes; a member
 * votes, changes their vote or recuses. The tally and ballots show when the server sends them;
 * once closed, the outcome takes the focus, as a decided action's does.
 */
export function CommitteeVotePanel({ action, vote, contentDone, onChanged }: CommitteeVotePanelProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(vote.minutes ?? '');
  const [closedHere, setClosedHere] = useState(false);
  const reasonId = useId();
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (closedHere && vote.state === 'closed') outcome.current?.focus();
  }, [closedHere, vote.state]);

  /** Sends one write; the page it answers replaces the step. False when refused (its message shows). */
  const run = async (kind: string, send: () => Promise<StepView>): Promise<boolean> => {
    setError(null);
    setPending(kind);
    try {
      onChanged(await send());
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setPending(null);
    }
  };

  const badge = STATE_BADGES[vote.state];
  const waiting = !contentDone;
  const chair = vote.group.chair ? personName(vote.group.chair) : 'No chair';
  return (
    <div className="step-vote">
      <div className="step-row">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span className="step-muted">{vote.rule.text}</span>
      </div>
      <p className="step-muted">{`${vote.group.name} · Chair: ${chair}`}</p>

      {vote.state === 'notOpened' && vote.isChair && (
        <div className="step-row">
          <Button
            size="small"
            isDisabled={waiting || pending !== null}
            isFocusableWhenDisabled={waiting}
            isPending={pending === 'open'}
            aria-describedby={waiting ? reasonId : undefined}
            onPress={() => void run('open', () => openVote(action.id, action.version))}
          >
            Open vote
          </Button>
          {waiting && (
            <span id={reasonId} className="step-muted">
              {CONTENT_NOT_DONE}
            </span>
          )}
        </div>
      )}

      {vote.state === 'open' && <p className="step-muted">{`${vote.votedCount} of ${vote.memberCount} members have voted`}</p>}

      {vote.mine?.choice === 'Recused' && <p className="step-muted">{`You are recused: ${vote.mine.reason ?? ''}`}</p>}
      {vote.mine && vote.canVote && (
        <MemberVoteForm
          mine={vote.mine}
          pending={pending}
          onVote={(body) => run('vote', () => castVote(action.id, body))}
          onRecuse={(body) => run('recuse', () => recuse(action.id, body))}
        />
      )}

      {/* Also on a vote closed without its decision (a close cut off between its two writes): closing again finishes it. */}
      {(vote.state === 'open' || (vote.state === 'closed' && action.approved === null)) && vote.isChair && (
        <div className="step-vote-form">
          <TextArea label="Minutes" value={minutes} onChange={setMinutes} maxLength={VOTE_MINUTES_MAX} rows={4} />
          <div className="step-row">
            <Button
              size="small"
              isDisabled={pending !== null && pending !== 'close'}
              isPending={pending === 'close'}
              onPress={() => void run('close', () => closeVote(action.id, { version: action.version, minutes })).then((closed) => setClosedHere(closed))}
            >
              Close vote
            </Button>
          </div>
        </div>
      )}

      {vote.state === 'closed' && (
        <div className="step-row step-outcome" ref={outcome} tabIndex={-1}>
          {action.approved !== null && <Badge tone={action.approved ? 'success' : 'danger'}>{action.approved ? 'Approved' : 'Denied'}</Badge>}
          <span className="step-muted">
            {vote.closedBy && `Closed by ${personName(vote.closedBy)}`} {vote.closedAt && `on ${formatDateTime(vote.closedAt)}`}
          </span>
        </div>
      )}
      {vote.state === 'closed' && vote.minutes && (
        <div className="step-vote-minutes">
          <h4>Minutes</h4>
          <p>{vote.minutes}</p>
        </div>
      )}

      {vote.tally && <VoteTally tally={vote.tally} />}
      {vote.ballots && <VoteBallots ballots={vote.ballots} />}
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}
