import { useEffect, useId, useRef, useState } from 'react';
import { STEP_MESSAGES } from '@shared/tracks/step-status';
import { Alert, Badge, Button, formatDateTime } from '../../components/ui';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { CommitteeVotePanel } from './CommitteeVotePanel';
import { PanelInterview } from './PanelInterview';
import type { ActionView, StepView } from './step-api';

const AWAITED: Record<ActionView['type'], string> = { Signature: 'signature', Approval: 'approval', 'Committee Vote': 'committee vote' };

/** 'Awaiting approval by Advisor': a pending action as those who may not decide it see it. */
export const awaitingText = (action: Pick<ActionView, 'type' | 'roleName'>) => `Awaiting ${AWAITED[action.type]} by ${action.roleName}`;

/** Why those who decide an action cannot yet (SPEC.md section 4: disabled until every content item is done; section 8's wording). */
export const CONTENT_NOT_DONE = STEP_MESSAGES.contentNotDone;

/**
 * One action: its decision with who and when; while pending, Approve (Sign) and Deny for those
 * who may decide it, and for everyone else whom it awaits. Until the content is done the buttons
 * are disabled but stay in the tab order, described by the reason shown beside them (issue 24).
 * After a decision the buttons give way to its outcome, which takes the focus. A committee vote
 * the caller may see is its panel instead (the participant, who may not, sees only whom it awaits).
 */
export function StepActionItem({ action, contentDone, onChanged }: { action: ActionView; contentDone: boolean; onChanged: (page: StepView) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<boolean | null>(null);
  const [decided, setDecided] = useState(false);
  const reasonId = useId();
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (decided && action.approved !== null) outcome.current?.focus();
  }, [decided, action.approved]);
  const decide = async (approved: boolean) => {
    setError(null);
    setPending(approved);
    try {
      onChanged(await call(routes.step.decideAction, { params: { id: action.id, approved: String(approved) as never }, body: { version: action.version } }));
      setDecided(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(null);
    }
  };
  const who = action.user ? `${action.user.firstName} ${action.user.lastName}`.trim() : '';
  const when = action.updatedAt ? formatDateTime(action.updatedAt) : '';
  const waiting = !contentDone;
  const decision = (approved: boolean) => ({
    size: 'small' as const,
    isDisabled: waiting || (pending !== null && pending !== approved),
    isFocusableWhenDisabled: waiting,
    isPending: pending === approved,
    'aria-describedby': waiting ? reasonId : undefined,
    onPress: () => void decide(approved),
  });
  return (
    <li className="step-item">
      <h3>{action.name}</h3>
      <p className="step-muted">{action.roleName}</p>
      {action.type === 'Committee Vote' && action.vote ? (
        <CommitteeVotePanel action={action} vote={action.vote} contentDone={contentDone} onChanged={onChanged} />
      ) : action.approved === null ? (
        <div className="step-row">
          <Badge tone="warning">Pending</Badge>
          {/* A committee vote is decided by its vote only, never by these buttons. */}
          {action.canDecide && action.type !== 'Committee Vote' ? (
            <>
              <Button {...decision(true)}>{action.type === 'Signature' ? 'Sign' : 'Approve'}</Button>
              <Button {...decision(false)} variant="danger">
                Deny
              </Button>
              {waiting && (
                <span id={reasonId} className="step-muted">
                  {CONTENT_NOT_DONE}
                </span>
              )}
            </>
          ) : (
            <span className="step-muted">{awaitingText(action)}</span>
          )}
        </div>
      ) : (
        <div className="step-row step-outcome" ref={outcome} tabIndex={-1}>
          <Badge tone={action.approved ? 'success' : 'danger'}>{action.approved ? (action.type === 'Signature' ? 'Signed' : 'Approved') : 'Denied'}</Badge>
          <span className="step-muted">
            {who && `by ${who}`} {when && `on ${when}`}
          </span>
        </div>
      )}
      {/* Its panel interview, for everyone who sees the step (the participant too, to whom the vote is not shown). */}
      {action.type === 'Committee Vote' && <PanelInterview actionId={action.id} actionVersion={action.version} />}
      {error && <Alert tone="danger">{error}</Alert>}
    </li>
  );
}
