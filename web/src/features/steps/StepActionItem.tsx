import { useState } from 'react';
import { Alert, Badge, Button, formatDateTime } from '../../components/ui';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import type { ActionView, StepView } from './step-api';

/** 'Awaiting approval by Advisor': a pending action as those who may not decide it see it. */
export const awaitingText = (action: Pick<ActionView, 'type' | 'roleName'>) => `Awaiting ${action.type === 'Signature' ? 'signature' : 'approval'} by ${action.roleName}`;

/**
 * One action: its decision with who and when; while pending, Approve (Sign) and Deny for those
 * who may decide it (disabled until the content is done), and for everyone else whom it awaits.
 */
export function StepActionItem({ action, contentDone, onChanged }: { action: ActionView; contentDone: boolean; onChanged: (page: StepView) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const decide = async (approved: boolean) => {
    setError(null);
    setPending(true);
    try {
      onChanged(await call(routes.step.decideAction, { params: { id: action.id, approved: String(approved) as never }, body: { version: action.version } }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };
  const who = action.user ? `${action.user.firstName} ${action.user.lastName}`.trim() : '';
  const when = action.updatedAt ? formatDateTime(action.updatedAt) : '';
  return (
    <li className="step-item">
      <h3>{action.name}</h3>
      <p className="step-muted">{action.roleName}</p>
      {action.approved === null ? (
        <div className="step-row">
          <Badge tone="warning">Pending</Badge>
          {action.canDecide ? (
            <>
              <Button size="small" isDisabled={!contentDone || pending} onPress={() => void decide(true)}>
                {action.type === 'Signature' ? 'Sign' : 'Approve'}
              </Button>
              <Button size="small" variant="danger" isDisabled={!contentDone || pending} onPress={() => void decide(false)}>
                Deny
              </Button>
            </>
          ) : (
            <span className="step-muted">{awaitingText(action)}</span>
          )}
        </div>
      ) : (
        <div className="step-row">
          <Badge tone={action.approved ? 'success' : 'danger'}>{action.approved ? (action.type === 'Signature' ? 'Signed' : 'Approved') : 'Denied'}</Badge>
          <span className="step-muted">
            {who && `by ${who}`} {when && `on ${when}`}
          </span>
        </div>
      )}
      {error && <Alert tone="danger">{error}</Alert>}
    </li>
  );
}
