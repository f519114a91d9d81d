import { useState } from 'react';
import { HOLD_REASON_MAX, HOLD_REASON_MESSAGE, type HoldRecordKind, type LegalHoldView } from '@shared/schemas/retention';
import { Alert, Button, ConfirmDialog, Modal, TextArea, cancelAndSubmit, formatDateTime, useToast } from '../../components/ui';
import { ApiError } from '../../lib/api/api-error';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { describeSaveFailure } from '../../lib/forms/save-errors';
import './legal-hold.css';

const NOUN: Record<HoldRecordKind, string> = { User: 'this person', TrackInstance: 'this enrolment' };

/** Who placed a hold and when, as the hold's line says it. */
export function holdPlacedText(hold: LegalHoldView): string {
  return `Placed ${formatDateTime(hold.placedAt)}${hold.placedByName ? ` by ${hold.placedByName}` : ''}`;
}

/**
 * A person's or an enrolment's legal hold (issue 25, item 3; docs/security.md "Retention and legal
 * holds"): the hold in force with its reason, Lift legal hold, or Place legal hold with a reason.
 * Shown to those who govern the record's conference; the server decides, and a refusal (403, 404)
 * shows nothing, so the control never tells a peer that a hold exists.
 */
export function LegalHoldControl({ recordKind, recordId }: { recordKind: HoldRecordKind; recordId: string }) {
  const hold = useApi(routes.conference.legalHold, { params: { recordKind, recordId } });
  const [dialog, setDialog] = useState<'place' | 'lift' | null>(null);
  if (hold.error instanceof ApiError && (hold.error.status === 403 || hold.error.status === 404)) return null;
  if (hold.error) return <Alert tone="danger">{(hold.error as Error).message}</Alert>;
  if (hold.data === undefined) return null;
  const current = hold.data;
  const saved = (next: LegalHoldView) => {
    setDialog(null);
    void hold.mutate(next, { revalidate: false });
  };
  return (
    <section className="legal-hold" aria-labelledby={`legal-hold-${recordId}`}>
      <h3 id={`legal-hold-${recordId}`} className="legal-hold-title">
        Legal hold
      </h3>
      {current?.active ? (
        <Alert tone="warning" title={`${NOUN[recordKind][0].toUpperCase()}${NOUN[recordKind].slice(1)} is under a legal hold: nothing of it is purged or erased until the hold is lifted.`}>
          <p className="legal-hold-reason">{current.reason}</p>
          <p className="legal-hold-meta">{holdPlacedText(current)}</p>
        </Alert>
      ) : (
        <p className="legal-hold-meta">{`No legal hold. Retention periods apply to ${NOUN[recordKind]}.`}</p>
      )}
      <div className="ui-button-row">
        {current?.active ? (
          <Button variant="secondary" onPress={() => setDialog('lift')}>
            Lift legal hold
          </Button>
        ) : (
          <Button variant="secondary" onPress={() => setDialog('place')}>
            Place legal hold
          </Button>
        )}
      </div>
      {dialog === 'place' && <PlaceHoldDialog recordKind={recordKind} recordId={recordId} version={current?.version ?? 0} onClose={() => setDialog(null)} onPlaced={saved} />}
      {dialog === 'lift' && current && <LiftHoldDialog hold={current} onClose={() => setDialog(null)} onLifted={saved} />}
    </section>
  );
}

function PlaceHoldDialog({ recordKind, recordId, version, onClose, onPlaced }: { recordKind: HoldRecordKind; recordId: string; version: number; onClose: () => void; onPlaced: (hold: LegalHoldView) => void }) {
  const { showToast } = useToast();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ reason?: string; banner?: string | null }>({});
  const reasonError = tried && !reason.trim() ? HOLD_REASON_MESSAGE : failure.reason;
  async function submit() {
    setTried(true);
    if (!reason.trim()) return;
    setPending(true);
    try {
      const placed = await call(routes.conference.placeLegalHold, { params: { recordKind, recordId }, body: { reason: reason.trim(), version } });
      showToast('The legal hold was placed.', { tone: 'success' });
      onPlaced(placed);
    } catch (error) {
      const described = describeSaveFailure(error, (path) => path === 'reason');
      setFailure({ reason: described.fieldErrors.reason, banner: described.banner });
    } finally {
      setPending(false);
    }
  }
  return (
    <Modal isOpen onClose={onClose} title="Place legal hold" footer={cancelAndSubmit({ label: 'Place hold', onSubmit: () => void submit(), isPending })}>
      <div className="legal-hold-form">
        {failure.banner && <Alert tone="danger">{failure.banner}</Alert>}
        <p>{`While the hold is in force, nothing of ${NOUN[recordKind]} is purged by the retention schedule or erased. The reason is kept in the History.`}</p>
        <TextArea label="Reason" isRequired value={reason} maxLength={HOLD_REASON_MAX} onChange={setReason} errorMessage={reasonError} />
      </div>
    </Modal>
  );
}

function LiftHoldDialog({ hold, onClose, onLifted }: { hold: LegalHoldView; onClose: () => void; onLifted: (hold: LegalHoldView) => void }) {
  const { showToast } = useToast();
  const [isPending, setPending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  async function lift() {
    setPending(true);
    try {
      const lifted = await call(routes.conference.liftLegalHold, { params: { recordKind: hold.recordKind, recordId: hold.recordId }, body: { version: hold.version } });
      showToast('The legal hold was lifted.', { tone: 'success' });
      onLifted(lifted);
    } catch (error) {
      setBanner(describeSaveFailure(error, () => false).banner);
      setPending(false);
    }
  }
  return (
    <ConfirmDialog
      isOpen
      title="Lift legal hold"
      tone="danger"
      confirmLabel="Lift hold"
      isPending={isPending}
      message={
        <>
          {banner && <Alert tone="danger">{banner}</Alert>}
          <p>{`Retention periods apply again to ${hold.subject}: what is past its period can be purged by the next daily run.`}</p>
        </>
      }
      onConfirm={() => void lift()}
      onCancel={onClose}
    />
  );
}
