import { useState } from 'react';
import {
  ADDER_HAS_NO_DISTRICT,
  ADVISOR_REQUIRED,
  PARTICIPANT_NEEDS_DISTRICT,
  PARTICIPANT_REQUIRED,
  TRACK_REQUIRED,
} from '@shared/schemas/track-instance';
import { Alert, cancelAndSubmit, Modal, SearchableSelect, type SelectOption } from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-error';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useCurrentUser } from '../../../lib/current-user';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { advisorOptions, enrolledTrackOptions, participantOptions } from './enrol-api';

export interface EnrolDialogProps {
  title: string;
  /** The track when the dialog is opened from it (Add Participant); otherwise a Track picker. */
  track?: SelectOption;
  /** The participant when the dialog is opened from their profile (Add Track); otherwise a Participant picker. */
  participant?: SelectOption;
  onClose: () => void;
  /** After the enrolment is made (or its job has finished). */
  onEnrolled: (message: string) => void;
}

/**
 * Add Participant and the profile's Add Track (SPEC.md section 5): a track, a participant and an
 * advisor are required; when the server answers that the participant has no active district, a
 * Location picker of the adder's own districts appears (or, without any, the message saying so).
 * A large track is enrolled by a background job whose progress shows in the toast region.
 */
export function EnrolDialog({ title, track: fixedTrack, participant: fixedParticipant, onClose, onEnrolled }: EnrolDialogProps) {
  const followJob = useFollowJob();
  const [track, setTrack] = useState<SelectOption | null>(fixedTrack ?? null);
  const [participant, setParticipant] = useState<SelectOption | null>(fixedParticipant ?? null);
  const [advisor, setAdvisor] = useState<SelectOption | null>(null);
  const [location, setLocation] = useState<SelectOption | null>(null);
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [needsLocation, setNeedsLocation] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setTried(true);
    if (!track || !participant || !advisor || (needsLocation && !location)) return;
    setPending(true);
    setError(null);
    try {
      const result = await call(routes.track.createInstance, {
        body: { trackId: track.id, participantIds: [participant.id], advisorIds: [advisor.id], ...(location ? { locationId: location.id } : {}) },
      });
      const message = `${participant.label} was enrolled in ${track.label}.`;
      if ('jobId' in result) {
        followJob(result.jobId, { onFinished: (job) => job.status === 'succeeded' && onEnrolled(message) });
        onClose();
      } else onEnrolled(message);
    } catch (caught) {
      const locationErrors = caught instanceof ApiError ? (caught.fieldErrors.locationId ?? []) : [];
      if (locationErrors.includes(PARTICIPANT_NEEDS_DISTRICT)) setNeedsLocation(true);
      else setError(locationErrors[0] ?? (caught as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal isOpen onClose={onClose} title={title} footer={cancelAndSubmit({ label: 'Save', onSubmit: () => void submit(), isPending: pending })}>
      <div className="tracks-form">
        {error && <Alert tone="danger">{error}</Alert>}
        {!fixedTrack && (
          <SearchableSelect label="Track" isRequired value={track} onChange={setTrack} loadOptions={enrolledTrackOptions} errorMessage={tried && !track ? TRACK_REQUIRED : undefined} />
        )}
        {!fixedParticipant && (
          <SearchableSelect
            label="Participant"
            isRequired
            value={participant}
            onChange={(choice) => {
              setParticipant(choice);
              setNeedsLocation(false);
              setLocation(null);
            }}
            loadOptions={participantOptions}
            errorMessage={tried && !participant ? PARTICIPANT_REQUIRED : undefined}
          />
        )}
        <SearchableSelect label="Advisor" isRequired value={advisor} onChange={setAdvisor} loadOptions={advisorOptions} errorMessage={tried && !advisor ? ADVISOR_REQUIRED : undefined} />
        {needsLocation && <LocationPicker value={location} onChange={setLocation} showError={tried} />}
      </div>
    </Modal>
  );
}

/** The adder's own active districts (SPEC.md section 5), for a participant without one. */
function LocationPicker({ value, onChange, showError }: { value: SelectOption | null; onChange: (choice: SelectOption | null) => void; showError: boolean }) {
  const me = useCurrentUser();
  const locations = useApi(routes.user.locationsDetails, { params: { id: me.id } });
  const districts = (locations.data?.District ?? []).filter((p) => p.active && !p.denial).map((p) => ({ id: p.entityId, label: p.name }));
  if (locations.data && districts.length === 0) return <Alert tone="warning">{ADDER_HAS_NO_DISTRICT}</Alert>;
  return (
    <SearchableSelect
      label="Location"
      isRequired
      value={value}
      onChange={onChange}
      loadOptions={async (text) => districts.filter((district) => district.label.toLowerCase().includes(text.trim().toLowerCase()))}
      description={PARTICIPANT_NEEDS_DISTRICT}
      errorMessage={showError && !value ? 'Location is required' : undefined}
    />
  );
}
