import { useEffect, useRef } from 'react';
import type { TransferView } from '@shared/schemas/transfer';
import { Badge, Button, EmptyState, formatDateTime } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useCurrentUser } from '../../../lib/current-user';
import { JobProgress } from '../../../lib/jobs/JobProgress';
import type { TransferAction } from './TransferDialogs';
import { DECISION_VERBS, STATUS_BADGES, destinationOf, nameOf } from './transfer-text';

export interface TransferRowsProps {
  onAction: (action: TransferAction) => void;
  /** A moving transfer's job has ended: the lists are read again. */
  onJobEnded: () => void;
  /** The row whose action just ended: it takes focus when its buttons have gone. */
  focusId: string | null;
  onFocused: () => void;
}

export interface TransferListProps extends TransferRowsProps {
  id: string;
  title: string;
  intro: string;
  empty: string;
  transfers: TransferView[];
}

/** Incoming or Outgoing: the transfers newest first, each with what the caller may do with it now. */
export function TransferList({ id, title, intro, empty, transfers, ...rows }: TransferListProps) {
  return (
    <section className="transfers-list-section" aria-labelledby={id}>
      <h3 id={id} className="transfers-subtitle">
        {title}
      </h3>
      <p className="admin-muted">{intro}</p>
      {transfers.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <ul className="transfers-list" aria-labelledby={id}>
          {transfers.map((transfer) => (
            <TransferRow key={transfer.transferId} transfer={transfer} {...rows} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TransferRow({ transfer, onAction, onJobEnded, focusId, onFocused }: TransferRowsProps & { transfer: TransferView }) {
  const canReadJob = useCanReadJob(transfer);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const hasActions = transfer.canDecide || transfer.canCancel;
  const isFocusTarget = focusId === transfer.transferId;
  useEffect(() => {
    if (!isFocusTarget) return;
    // The pressed button has gone with the decision: focus stays on the row, never on the top of the page.
    if (!hasActions) titleRef.current?.focus();
    onFocused();
  }, [isFocusTarget, hasActions, onFocused]);

  const status = STATUS_BADGES[transfer.status];
  const decision = DECISION_VERBS[transfer.status];
  const titleId = `transfer-${transfer.transferId}`;
  return (
    <li className="transfers-item" aria-labelledby={titleId}>
      <div className="transfers-item-head">
        <h4 id={titleId} ref={titleRef} tabIndex={-1} className="transfers-candidate">
          {nameOf(transfer)}
        </h4>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="admin-muted transfers-email">{transfer.candidate.email}</p>
      <dl className="transfers-facts">
        <Fact term="From">{transfer.from.name}</Fact>
        <Fact term="To">{destinationOf(transfer)}</Fact>
        <Fact term="Requested">{`${formatDateTime(transfer.requestedAt)} by ${transfer.requestedBy.name}`}</Fact>
        {decision && transfer.decidedAt && <Fact term={decision}>{`${formatDateTime(transfer.decidedAt)}${transfer.decidedBy ? ` by ${transfer.decidedBy.name}` : ''}`}</Fact>}
        {transfer.completedAt && <Fact term="Completed">{formatDateTime(transfer.completedAt)}</Fact>}
        {transfer.note && <Fact term="Note">{transfer.note}</Fact>}
        {transfer.reason && <Fact term={transfer.status === 'failed' ? 'Why it failed' : 'Reason'}>{transfer.reason}</Fact>}
        {transfer.tracks.length > 0 && <Fact term="Tracks">{transfer.tracks.join(', ')}</Fact>}
      </dl>
      {transfer.status === 'moving' && transfer.jobId && canReadJob && <JobProgress jobId={transfer.jobId} onSucceeded={onJobEnded} onFailed={onJobEnded} />}
      {hasActions && (
        <div className="ui-button-row">
          {transfer.canDecide && (
            <>
              <Button onPress={() => onAction({ kind: 'approve', transfer })}>Approve</Button>
              <Button variant="secondary" onPress={() => onAction({ kind: 'refuse', transfer })}>
                Refuse
              </Button>
            </>
          )}
          {transfer.canCancel && (
            <Button variant="secondary" onPress={() => onAction({ kind: 'cancel', transfer })}>
              Withdraw request
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="transfers-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A job is read by whoever started it (here, who approved the transfer) and superadmins; anyone else sees the status alone. */
function useCanReadJob(transfer: TransferView): boolean {
  const isSuperadmin = useAbility().can('manage', 'all');
  const me = useCurrentUser();
  return isSuperadmin || transfer.decidedBy?.userId === me.id;
}
