import { useState } from 'react';
import { RETENTION_OUTCOMES, RETENTION_OUTCOME_LABELS, RETENTION_YEARS_MESSAGE, retentionPeriodsSchema, type RetentionOutcome, type RetentionPolicyView } from '@shared/schemas/retention';
import { Alert, Button, LoadingState, TextField, formatDateTime, useToast } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { describeSaveFailure } from '../../../lib/forms/save-errors';
import { useSWRConfig } from 'swr';

type Drafts = Record<RetentionOutcome, string>;

const HINTS: Record<RetentionOutcome, string> = {
  withdrawn: 'Years after the enrolment was withdrawn.',
  discontinued: 'Years after the enrolment was discontinued.',
  completed: 'Years after the enrolment was completed.',
  inactivePerson: 'Years after the person was made inactive, when they have no enrolments.',
};

const draftsOf = (policy: RetentionPolicyView): Drafts => Object.fromEntries(RETENTION_OUTCOMES.map((outcome) => [outcome, String(policy.periods[outcome])])) as Drafts;

/** A period as typed: empty is no number (the schema's message), anything else is read as a number. */
const yearsOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The conference's periods, loaded; the form starts from them again after each save. */
export function RetentionPeriodsForm({ conferenceId }: { conferenceId: string }) {
  const policy = useApi(routes.conference.retentionPolicy, { params: { id: conferenceId } });
  let body;
  if (policy.error) body = <Alert tone="danger">{(policy.error as Error).message}</Alert>;
  else if (!policy.data) body = <LoadingState message="Loading the retention periods..." />;
  else body = <PeriodsForm key={policy.data.version} policy={policy.data} onSaved={(saved) => void policy.mutate(saved, { revalidate: false })} />;
  return (
    <section className="retention-section" aria-labelledby="retention-periods-title">
      <h2 id="retention-periods-title" className="retention-title">
        Retention periods
      </h2>
      {body}
    </section>
  );
}

function PeriodsForm({ policy, onSaved }: { policy: RetentionPolicyView; onSaved: (policy: RetentionPolicyView) => void }) {
  const { showToast } = useToast();
  const { mutate } = useSWRConfig();
  const [drafts, setDrafts] = useState(() => draftsOf(policy));
  const [isPending, setPending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const checked = retentionPeriodsSchema.safeParse(Object.fromEntries(RETENTION_OUTCOMES.map((outcome) => [outcome, yearsOf(drafts[outcome])])));
  const errors: Record<string, string> = checked.success ? serverErrors : Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const isDirty = RETENTION_OUTCOMES.some((outcome) => drafts[outcome] !== String(policy.periods[outcome]));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!checked.success || !isDirty) return;
    setPending(true);
    setBanner(null);
    try {
      const saved = await call(routes.conference.updateRetentionPolicy, { params: { id: policy.conferenceId }, body: { periods: checked.data, version: policy.version } });
      showToast('The retention periods were saved.', { tone: 'success' });
      // What the next run would purge depends on the periods.
      void mutate((key) => Array.isArray(key) && key[0] === routes.conference.retentionPreview.id);
      onSaved(saved);
    } catch (error) {
      const failure = describeSaveFailure(error, (path) => path.startsWith('periods.'));
      setServerErrors(Object.fromEntries(Object.entries(failure.fieldErrors).map(([path, message]) => [path.slice('periods.'.length), message])));
      setBanner(failure.banner);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="retention-form" onSubmit={save} noValidate aria-label="Retention periods">
      {banner && <Alert tone="danger">{banner}</Alert>}
      <p className="admin-muted">
        {policy.version === 0
          ? 'The default periods are in force: none has been saved for this conference.'
          : `Saved ${policy.updatedAt ? formatDateTime(policy.updatedAt) : ''}. The daily purge removes closed records older than these periods, unless a legal hold keeps them.`}
      </p>
      <div className="retention-periods">
        {RETENTION_OUTCOMES.map((outcome) => (
          <TextField
            key={outcome}
            label={`${RETENTION_OUTCOME_LABELS[outcome]} (years)`}
            description={HINTS[outcome]}
            type="number"
            inputMode="numeric"
            isRequired
            value={drafts[outcome]}
            onChange={(text) => {
              setServerErrors({});
              setDrafts((current) => ({ ...current, [outcome]: text }));
            }}
            errorMessage={isDirty && errors[outcome] ? errors[outcome] || RETENTION_YEARS_MESSAGE : undefined}
          />
        ))}
      </div>
      <div className="ui-button-row">
        <Button type="submit" isPending={isPending} isDisabled={!isDirty || !checked.success}>
          Save
        </Button>
      </div>
    </form>
  );
}
