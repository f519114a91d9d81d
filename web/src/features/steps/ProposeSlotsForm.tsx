import { useEffect, useRef, useState, type FormEvent } from 'react';
import { INTERVIEW_SLOTS_MAX, proposeSlotsSchema, type SlotInput } from '@shared/schemas/panel-interview';
import { Alert, Button, DatePicker, SelectField, TimePicker } from '../../components/ui';
import type { WriteOutcome } from './interview-api';

/** The lengths offered (the schema takes 15 to 480 minutes). */
const LENGTHS = [30, 45, 60, 90, 120] as const;
const LENGTH_OPTIONS = LENGTHS.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }));
const DEFAULT_LENGTH = '60';

interface Row {
  key: number;
  date: string | null;
  time: string | null;
  minutes: string;
}

/** The paths this form shows a message at (the server's 400 uses the same dotted paths). */
export const isProposeField = (path: string) => /^slots(\.\d+\.(start|minutes))?$/.test(path);

export interface ProposeSlotsFormProps {
  /** 'Propose times' or 'Propose new times'. */
  title: string;
  pending: string | null;
  onPropose: (slots: SlotInput[]) => Promise<WriteOutcome>;
  /** Shown when the form may be closed (times are already proposed). */
  onCancel?: () => void;
}

/**
 * The chair's times: up to eight, each a date, a start (wall-clock, in the conference's zone)
 * and a length. Checked by the shared schema before sending; the server's field messages show
 * by the same fields.
 */
export function ProposeSlotsForm({ title, pending, onPropose, onCancel }: ProposeSlotsFormProps) {
  const nextKey = useRef(1);
  const [rows, setRows] = useState<Row[]>(() => [{ key: 0, date: null, time: null, minutes: DEFAULT_LENGTH }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const buttons = useRef<HTMLDivElement>(null);
  // A removed row's button goes with it: the focus moves to 'Add a time' (enabled again once rendered).
  const [removed, setRemoved] = useState(0);
  // Opened by 'Propose new times' (whose button it replaces): the focus moves to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const closable = Boolean(onCancel);
  useEffect(() => {
    if (closable) heading.current?.focus();
  }, [closable]);
  useEffect(() => {
    if (removed) buttons.current?.querySelector('button')?.focus();
  }, [removed]);

  const change = (key: number, patch: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => setRows((all) => [...all, { key: nextKey.current++, date: null, time: null, minutes: DEFAULT_LENGTH }]);
  const remove = (key: number) => {
    setRows((all) => all.filter((row) => row.key !== key));
    setErrors({}); // their paths name rows by position
    setRemoved((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const slots = rows.map((row) => ({ start: `${row.date ?? ''}T${row.time ?? ''}`, minutes: row.minutes ? Number(row.minutes) : undefined }));
    const parsed = proposeSlotsSchema.safeParse({ slots });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const outcome = await onPropose(parsed.data.slots);
    if (!outcome.ok) setErrors(outcome.fieldErrors);
  };

  const busy = pending === 'propose';
  return (
    <form className="step-interview-part" onSubmit={(event) => void submit(event)} noValidate>
      <h5 ref={heading} tabIndex={-1}>
        {title}
      </h5>
      {rows.map((row, index) => {
        const startError = errors[`slots.${index}.start`];
        // A start refused for a missing time shows by the time; any other reason by the date.
        const onTime = Boolean(startError && row.date && !row.time);
        return (
          <fieldset key={row.key} className="step-interview-row">
            <legend>{`Time ${index + 1}`}</legend>
            <DatePicker label="Date" isRequired value={row.date} onChange={(date) => change(row.key, { date })} errorMessage={onTime ? undefined : startError} />
            <TimePicker label="Start time" isRequired value={row.time} onChange={(time) => change(row.key, { time })} errorMessage={onTime ? startError : undefined} />
            <SelectField label="Length" value={row.minutes} options={LENGTH_OPTIONS} onChange={(minutes) => change(row.key, { minutes })} errorMessage={errors[`slots.${index}.minutes`]} />
            {rows.length > 1 && (
              <Button size="small" variant="ghost" aria-label={`Remove time ${index + 1}`} isDisabled={busy} onPress={() => remove(row.key)}>
                Remove
              </Button>
            )}
          </fieldset>
        );
      })}
      {errors.slots && <Alert tone="danger">{errors.slots}</Alert>}
      <div className="step-row" ref={buttons}>
        <Button size="small" variant="secondary" isDisabled={rows.length >= INTERVIEW_SLOTS_MAX || busy} onPress={add}>
          Add a time
        </Button>
        <Button type="submit" size="small" isPending={busy} isDisabled={pending !== null && !busy}>
          Propose times
        </Button>
        {onCancel && (
          <Button size="small" variant="ghost" isDisabled={busy} onPress={onCancel}>
            Keep the current times
          </Button>
        )}
      </div>
      {rows.length >= INTERVIEW_SLOTS_MAX && <p className="step-muted">{`At most ${INTERVIEW_SLOTS_MAX} times.`}</p>}
    </form>
  );
}
