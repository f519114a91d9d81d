import { useState } from 'react';
import { Alert, SelectField } from '../../components/ui';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { SELECTABLE, STATUS_LABELS, type StepView } from './step-api';

const byLabel = new Map(SELECTABLE.map((status) => [STATUS_LABELS[status], status]));

/** SPEC.md section 4: Ready, Pending Review, Completed (sent without the space); the page reloads the status afterwards. */
export function StepStatusSelector({ step, onChanged }: { step: StepView; onChanged: () => Promise<unknown> }) {
  const [error, setError] = useState<string | null>(null);
  const current = (SELECTABLE as readonly string[]).includes(step.status) ? STATUS_LABELS[step.status] : '';
  const choose = async (label: string) => {
    const status = byLabel.get(label);
    if (!status || status === step.status) return;
    setError(null);
    try {
      await call(routes.step.setStatus, { params: { id: step.id, status }, body: { version: step.version } });
    } catch (e) {
      setError((e as Error).message);
    }
    await onChanged();
  };
  return (
    <div className="step-status-selector">
      {/* An Overdue, Resubmit or Unavailable step is in none of the three choices: the selector names its status rather than 'Select...'. */}
      <SelectField label="Status" value={current} placeholder={current ? undefined : STATUS_LABELS[step.status]} options={SELECTABLE.map((s) => STATUS_LABELS[s])} onChange={(label) => void choose(label)} />
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}
