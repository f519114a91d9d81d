import { useState, type FormEvent } from 'react';
import { confirmInterviewSchema, INTERVIEW_MESSAGES, INTERVIEW_PLACE_MAX, VIDEO_LINK_MAX, type InterviewView } from '@shared/schemas/panel-interview';
import { Button, SelectField, TextField } from '../../components/ui';
import type { WriteOutcome } from './interview-api';
import { slotTimeText } from './InterviewSlots';

const FIELDS = ['slotId', 'place', 'videoLink'] as const;
/** The paths this form shows a message at. */
export const isConfirmField = (path: string) => (FIELDS as readonly string[]).includes(path);

export interface ConfirmInterviewFormProps {
  interview: InterviewView;
  timeZone: string;
  pending: string | null;
  onConfirm: (body: { slotId: string; place: string; videoLink: string }) => Promise<WriteOutcome>;
}

/**
 * The chair confirms one proposed time with a place, a video link or both; on a confirmed
 * interview the same form moves it to another time (the place and link read as they were).
 */
export function ConfirmInterviewForm({ interview, timeZone, pending, onConfirm }: ConfirmInterviewFormProps) {
  const { slots, confirmed } = interview;
  const current = confirmed && slots.some((slot) => slot.id === confirmed.slotId) ? confirmed.slotId : '';
  const [slotId, setSlotId] = useState(current || (slots.length === 1 ? slots[0].id : ''));
  const [place, setPlace] = useState(confirmed?.place ?? '');
  const [videoLink, setVideoLink] = useState(confirmed?.videoLink ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!slotId) {
      setErrors({ slotId: INTERVIEW_MESSAGES.unknownSlot });
      return;
    }
    const parsed = confirmInterviewSchema.safeParse({ slotId, place, videoLink, version: interview.version });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const outcome = await onConfirm({ slotId: parsed.data.slotId, place: parsed.data.place, videoLink: parsed.data.videoLink });
    if (!outcome.ok) setErrors(outcome.fieldErrors);
  };

  const busy = pending === 'confirm';
  const options = slots.map((slot) => ({ value: slot.id, label: slotTimeText(slot, timeZone) }));
  return (
    <form className="step-interview-part" onSubmit={(event) => void submit(event)} noValidate>
      <h5>{interview.status === 'confirmed' ? 'Change the time or place' : 'Confirm a time'}</h5>
      <SelectField label="Time" value={slotId} options={options} placeholder="Choose a time..." onChange={setSlotId} errorMessage={errors.slotId} />
      <TextField label="Place" description="A place, a video link or both." value={place} onChange={setPlace} maxLength={INTERVIEW_PLACE_MAX} errorMessage={errors.place} />
      <TextField label="Video link" type="url" description="Starting with https://" value={videoLink} onChange={setVideoLink} maxLength={VIDEO_LINK_MAX} errorMessage={errors.videoLink} />
      <div className="step-row">
        <Button type="submit" size="small" isPending={busy} isDisabled={pending !== null && !busy}>
          {interview.status === 'confirmed' ? 'Update interview' : 'Confirm interview'}
        </Button>
      </div>
    </form>
  );
}
