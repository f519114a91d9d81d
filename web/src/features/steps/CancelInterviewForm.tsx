import { useState } from 'react';
import { CANCEL_REASON_MAX, cancelInterviewSchema } from '@shared/schemas/panel-interview';
import { Button, TextArea } from '../../components/ui';
import type { WriteOutcome } from './interview-api';

export interface CancelInterviewFormProps {
  version: number;
  pending: string | null;
  onCancel: (reason: string) => Promise<WriteOutcome>;
}

/** 'Cancel interview', which asks in place for the reason everyone invited will read before it is sent (as a recusal does). */
export function CancelInterviewForm({ version, pending, onCancel }: CancelInterviewFormProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const busy = pending === 'cancel';
  // Putting the reason away gives the focus back to the button that asked for it.
  const [putAway, setPutAway] = useState(false);
  const close = () => {
    setOpen(false);
    setPutAway(true);
  };

  const submit = async () => {
    const parsed = cancelInterviewSchema.safeParse({ reason, version });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message);
      return;
    }
    setError(undefined);
    const outcome = await onCancel(parsed.data.reason);
    if (!outcome.ok) setError(outcome.fieldErrors.reason);
  };

  if (!open) {
    return (
      <div className="step-row">
        <Button autoFocus={putAway} size="small" variant="secondary" isDisabled={pending !== null} onPress={() => setOpen(true)}>
          Cancel interview
        </Button>
      </div>
    );
  }
  return (
    <div className="step-interview-part">
      <TextArea label="Reason for cancelling" description="Everyone invited reads it." value={reason} onChange={setReason} maxLength={CANCEL_REASON_MAX} rows={2} errorMessage={error} isRequired autoFocus />
      <div className="step-row">
        <Button size="small" variant="danger" isPending={busy} isDisabled={pending !== null && !busy} onPress={() => void submit()}>
          Confirm cancellation
        </Button>
        <Button size="small" variant="ghost" isDisabled={busy} onPress={close}>
          Keep the interview
        </Button>
      </div>
    </div>
  );
}
