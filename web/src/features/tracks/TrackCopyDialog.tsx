import { useId, useState } from 'react';
import { NO_CONFERENCE_ID, trackImportFormSchema, type TrackImportForm } from '@shared/schemas/track';
import { Alert, cancelAndSubmit, LoadingState, Modal, type SelectOption } from '../../components/ui';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { PickerField } from '../../lib/forms/PickerField';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { closeOnlyFooter, JobProgress } from '../../lib/jobs/JobProgress';
import { NO_CONFERENCES_MESSAGE } from './CreateTrackDialog';
import { conferenceOptions, copyTrack, importTrack, NO_TEMPLATES_MESSAGE, trackOptions, useHasConferences, type TrackCopyResult } from './track-api';
import { TrackTextFields } from './TrackTextFields';

/** SPEC.md section 8. */
export const NO_SYSTEM_TRACKS_MESSAGE = 'There are no system tracks to make copies from...';

export interface TrackCopyDialogProps {
  /** Copy from Existing (a system track) or Import from Existing (another conference's track). */
  mode: 'copy' | 'import';
  /** Closed; `runningJobId` when the copy was still running (the page keeps following it). */
  onClose: (runningJobId?: string) => void;
  /** The copy is complete: open it. */
  onCopied: (trackTemplateId: string) => void;
}

const TEXTS = {
  copy: { title: 'Copy from Existing', action: 'Copy', track: 'System track' },
  import: { title: 'Import from Existing', action: 'Import', track: 'Track' },
} as const;

const SHOWN_FIELDS = new Set(['sourceConferenceId', 'sourceTrackTemplateId', 'conferenceId', 'name', 'description']);

/**
 * Copy from Existing and Import from Existing (SPEC.md section 5): the source track (a system
 * track, or a conference and then one of its tracks), the conference to copy it into, name and
 * description; the button stays off until all are valid. The copy is a background job whose
 * progress shows here; the new track opens when it is complete.
 */
export function TrackCopyDialog({ mode, onClose, onCopied }: TrackCopyDialogProps) {
  const formId = useId();
  const texts = TEXTS[mode];
  const { hasConferences, error: conferencesError } = useHasConferences();
  const systemTracks = useApi(routes.track.byConference, mode === 'copy' ? { params: { conferenceId: NO_CONFERENCE_ID }, query: { limit: 1 } } : null);
  const [picked, setPicked] = useState<Record<'sourceConference' | 'track' | 'conference', SelectOption | null>>({ sourceConference: null, track: null, conference: null });
  const [jobId, setJobId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: trackImportFormSchema,
    // A copy's source is always the system tracks.
    defaultValues: { sourceConferenceId: mode === 'copy' ? NO_CONFERENCE_ID : '', sourceTrackTemplateId: '', conferenceId: '', name: '', description: '' },
    save: async (values) => setJobId((await (mode === 'copy' ? copyTrack : importTrack)(values)).jobId),
    isShownField: (path) => SHOWN_FIELDS.has(path),
  });
  const values = form.watch();
  const isValid = trackImportFormSchema.safeParse(values).success;
  const loading = (hasConferences === undefined && !conferencesError) || (mode === 'copy' && !systemTracks.data && !systemTracks.error);
  const warning = hasConferences === false ? NO_CONFERENCES_MESSAGE : systemTracks.data?.length === 0 ? NO_SYSTEM_TRACKS_MESSAGE : null;

  const picker = (
    name: keyof TrackImportForm,
    key: keyof typeof picked,
    label: string,
    loadOptions: (text: string) => Promise<SelectOption[]>,
    resets: Array<keyof typeof picked> = [],
    more: { isDisabled?: boolean; emptyMessage?: string } = {},
  ) => (
    <PickerField
      {...more}
      control={form.control}
      name={name}
      label={label}
      value={picked[key]}
      loadOptions={loadOptions}
      onPick={(option) => {
        // Each choice resets the later ones (the track list depends on the conference).
        setPicked((current) => ({ ...current, [key]: option, ...Object.fromEntries(resets.map((later) => [later, null])) }));
        if (resets.includes('track')) form.setValue('sourceTrackTemplateId', '');
      }}
    />
  );

  let body;
  if (jobId) body = <JobProgress<TrackCopyResult> jobId={jobId} onSucceeded={(result) => onCopied(result.trackTemplateId)} onFailed={() => setFailed(true)} />;
  else if (loading) body = <LoadingState message="Loading tracks..." />;
  else if (warning) body = <Alert tone="warning">{warning}</Alert>;
  else {
    body = (
      <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        {mode === 'import' && picker('sourceConferenceId', 'sourceConference', 'Source conference', (text) => conferenceOptions(text, false), ['track'])}
        <div key={values.sourceConferenceId}>
          {picker('sourceTrackTemplateId', 'track', texts.track, (text) => (values.sourceConferenceId ? trackOptions(values.sourceConferenceId, text) : Promise.resolve([])), [], {
            isDisabled: !values.sourceConferenceId,
            emptyMessage: NO_TEMPLATES_MESSAGE,
          })}
        </div>
        {picker('conferenceId', 'conference', 'Conference', (text) => conferenceOptions(text, false))}
        <TrackTextFields control={form.control} />
      </form>
    );
  }

  return (
    <Modal
      isOpen
      onClose={() => onClose(jobId && !failed ? jobId : undefined)}
      title={texts.title}
      footer={
        jobId
          ? closeOnlyFooter
          : cancelAndSubmit({ label: texts.action, formId, isPending, isDisabled: !isValid || Boolean(warning) || loading })
      }
    >
      {body}
    </Modal>
  );
}
