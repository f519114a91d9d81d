import { useState } from 'react';
import { TRANSFER_NOTE_MAX, transferRequestSchema, type TransferView } from '@shared/schemas/transfer';
import { Alert, Button, type SelectOption } from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-error';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { FormTextArea } from '../../../lib/forms/FormTextArea';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { PickerField } from '../../../lib/forms/PickerField';
import { SAVE_BANNER_KEY } from '../../../lib/forms/save-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { locationOptions } from '../../../lib/locations/location-options';

const FIELDS = new Set(['email', 'locationId', 'note']);

/** The districts and churches of the conference whose name has a word starting with the text, districts first. */
async function placeOptions(conferenceId: string, text: string): Promise<SelectOption[]> {
  const [districts, churches] = await Promise.all([locationOptions('District', text, conferenceId), locationOptions('Church', text, conferenceId)]);
  return [...districts.map((district) => ({ ...district, description: 'District' })), ...churches.map((church) => ({ ...church, description: `Church, ${church.description}` }))];
}

/**
 * Request a transfer: the receiving conference names the candidate by email and the district or
 * church of its own they join; the candidate's conference decides. The server's messages show
 * under their fields; a transfer of the candidate already under way (409) above the form.
 */
export function RequestTransferForm({ conferenceId, onRequested }: { conferenceId: string; onRequested: (transfer: TransferView) => void }) {
  const [place, setPlace] = useState<SelectOption | null>(null);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: transferRequestSchema,
    defaultValues: { email: '', locationId: '', note: '' },
    save: async (body) => {
      try {
        const requested = await call(routes.conference.requestTransfer, { params: { id: conferenceId }, body });
        form.reset();
        setPlace(null);
        onRequested(requested);
      } catch (error) {
        // Not a stale version: the server says why (a transfer of the candidate is already under way).
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        form.setError(SAVE_BANNER_KEY, { type: 'server', message: error.message });
      }
    },
    isShownField: (path) => FIELDS.has(path),
  });
  return (
    <section className="transfers-section" aria-labelledby="transfers-request-title">
      <h2 id="transfers-request-title" className="transfers-title">
        Request a transfer
      </h2>
      <p className="admin-muted">Ask for a candidate enrolled in another conference. That conference approves or refuses; on approval their enrolments move here.</p>
      <form className="admin-form transfers-form" onSubmit={onSubmit} noValidate aria-labelledby="transfers-request-title">
        {banner && <Alert tone="danger">{banner}</Alert>}
        <FormTextField control={form.control} name="email" label="Candidate's email" type="email" isRequired />
        <PickerField
          control={form.control}
          name="locationId"
          label="District or church"
          description="Where the candidate's enrolments and places go."
          value={place}
          onPick={setPlace}
          loadOptions={(text) => placeOptions(conferenceId, text)}
        />
        <FormTextArea control={form.control} name="note" label="Note for the other conference" maxLength={TRANSFER_NOTE_MAX} />
        <div className="ui-button-row">
          <Button type="submit" isPending={isPending}>
            Request transfer
          </Button>
        </div>
      </form>
    </section>
  );
}
