import { useState } from 'react';
import { TRANSFER_REASON_MAX, transferRefusalSchema, type TransferView } from '@shared/schemas/transfer';
import { Alert, ConfirmDialog, Modal, TextArea, cancelAndSubmit } from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-error';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { describeSaveFailure, type SaveFailure } from '../../../lib/forms/save-errors';
import { nameOf } from './transfer-text';

/** What a row's button asks for: the decision of the sending conference, or the requester's withdrawal. */
export interface TransferAction {
  kind: 'approve' | 'refuse' | 'cancel';
  transfer: TransferView;
}

/** How an action ended: done (the toast's words), or refused as stale or decided already (the server's words, shown above the lists). */
export type TransferOutcome = { success: string } | { conflict: string };

interface DialogProps {
  transfer: TransferView;
  onClose: () => void;
  onEnded: (outcome: TransferOutcome) => void;
}

/** The dialog of a row's action; each sends the version its row was read at. */
export function TransferDialog({ action, onClose, onEnded }: { action: TransferAction } & Omit<DialogProps, 'transfer'>) {
  const props = { transfer: action.transfer, onClose, onEnded };
  return action.kind === 'refuse' ? <RefuseDialog {...props} /> : <ConfirmTransferDialog {...props} confirm={CONFIRMS[action.kind]} />;
}

/** Approve and Withdraw request: a question, then the request on the row's version. */
interface Confirm {
  title: string;
  tone: 'primary' | 'danger';
  question: (transfer: TransferView) => string;
  request: (transfer: TransferView) => Promise<TransferView>;
  done: (transfer: TransferView) => string;
}

const byVersion = (transfer: TransferView) => ({ params: { id: transfer.transferId }, body: { version: transfer.version } });

const CONFIRMS: Record<'approve' | 'cancel', Confirm> = {
  approve: {
    title: 'Approve transfer',
    tone: 'primary',
    question: (transfer) =>
      `Approve the transfer of ${nameOf(transfer)} to ${transfer.to.name}? Their enrolments, with their history and files, move to ${transfer.to.name}, and ${transfer.from.name} will no longer see them.`,
    request: (transfer) => call(routes.conference.approveTransfer, byVersion(transfer)),
    done: (transfer) => `The transfer of ${nameOf(transfer)} was approved: their enrolments are moving to ${transfer.to.name}.`,
  },
  cancel: {
    title: 'Withdraw request',
    tone: 'danger',
    question: (transfer) => `Withdraw the request for ${nameOf(transfer)}? ${transfer.from.name} is no longer asked to transfer them.`,
    request: (transfer) => call(routes.conference.cancelTransfer, byVersion(transfer)),
    done: (transfer) => `The request for ${nameOf(transfer)} was withdrawn.`,
  },
};

const NO_FAILURE: SaveFailure = { fieldErrors: {}, banner: null };

/**
 * Sends an action: pending meanwhile; a 409 (decided or changed by someone else) ends the dialog with
 * the server's message, anything else stays in it (the reason's message under the reason).
 */
function useTransferAction(onEnded: DialogProps['onEnded']) {
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState(NO_FAILURE);
  async function send(request: () => Promise<TransferView>, success: string) {
    setPending(true);
    setFailure(NO_FAILURE);
    try {
      await request();
      onEnded({ success });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onEnded({ conflict: error.message });
      else {
        setFailure(describeSaveFailure(error, (path) => path === 'reason'));
        setPending(false);
      }
    }
  }
  return { isPending, failure, send };
}

function ConfirmTransferDialog({ transfer, confirm, onClose, onEnded }: DialogProps & { confirm: Confirm }) {
  const { isPending, failure, send } = useTransferAction(onEnded);
  return (
    <ConfirmDialog
      isOpen
      title={confirm.title}
      tone={confirm.tone}
      confirmLabel={confirm.title}
      isPending={isPending}
      message={
        <>
          {failure.banner && <Alert tone="danger">{failure.banner}</Alert>}
          <p>{confirm.question(transfer)}</p>
        </>
      }
      onConfirm={() => void send(() => confirm.request(transfer), confirm.done(transfer))}
      onCancel={onClose}
    />
  );
}

function RefuseDialog({ transfer, onClose, onEnded }: DialogProps) {
  const { isPending, failure, send } = useTransferAction(onEnded);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const checked = transferRefusalSchema.shape.reason.safeParse(reason);
  const reasonError = tried && !checked.success ? checked.error.issues[0].message : failure.fieldErrors.reason;
  const name = nameOf(transfer);
  function submit() {
    setTried(true);
    if (!checked.success) return;
    void send(() => call(routes.conference.refuseTransfer, { params: { id: transfer.transferId }, body: { version: transfer.version, reason: checked.data } }), `The transfer of ${name} was refused.`);
  }
  return (
    <Modal isOpen onClose={onClose} title="Refuse transfer" footer={cancelAndSubmit({ label: 'Refuse transfer', onSubmit: submit, isPending, variant: 'danger' })}>
      <div className="transfers-dialog">
        {failure.banner && <Alert tone="danger">{failure.banner}</Alert>}
        <p>{`${transfer.to.name} asked for ${name}. Nothing moves; ${transfer.to.name} and the candidate are told, with the reason.`}</p>
        <TextArea label="Reason" isRequired value={reason} maxLength={TRANSFER_REASON_MAX} onChange={setReason} errorMessage={reasonError} />
      </div>
    </Modal>
  );
}
