import { useState } from 'react';
import { ERASE_CONFIRM_LABEL, ERASE_NAME_MISMATCH, type ErasurePreview } from '@shared/api/user-erasure';
import { Alert, cancelAndSubmit, LoadingState, Modal, TextField } from '../../../components/ui';
import { useApi } from '../../../lib/api/use-api';
import { routes } from '../../../lib/api/routes';
import { describeSaveFailure } from '../../../lib/forms/save-errors';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { erasePerson } from './erasure-api';

export interface ErasePersonDialogProps {
  userId: string;
  onClose: () => void;
  /** The decisive part is committed: the person shows as erased from now on. */
  onErased: () => void;
}

const normalised = (text: string) => text.trim().replace(/\s+/g, ' ');

const ERASED_PARTS: Array<[keyof ErasurePreview['erases'], string]> = [
  ['aliases', 'aliases'],
  ['tags', 'tags'],
  ['comments', 'comments about them'],
  ['mentorLinks', 'mentor links'],
  ['memberships', 'church memberships'],
  ['files', 'files'],
  ['enrolments', 'closed enrolments past their retention period'],
];

/** What the erasure removes, as the preview counted it. */
function WhatGoes({ preview }: { preview: ErasurePreview }) {
  return (
    <>
      <p>
        Erasing <strong>{preview.fullName}</strong> cannot be undone. Their name becomes “Erased person” everywhere, their details, email, phones,
        address and avatar are removed, their account is disabled and signed out, and they no longer appear in any list or search. Also removed:
      </p>
      <ul>
        {ERASED_PARTS.map(([part, label]) => (
          <li key={part}>
            {preview.erases[part]} {label}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Erase person (issue 25, item 4): the preview first. Refused: each reason (which record keeps
 * the person, and until when) and no way to confirm. Allowed: what goes, the person's full name
 * typed to confirm, and Erase (danger), enabled once the name matches; the job that removes the
 * rest is followed in the shell's progress toast.
 */
export function ErasePersonDialog({ userId, onClose, onErased }: ErasePersonDialogProps) {
  const preview = useApi(routes.user.erasurePreview, { params: { id: userId } }, { revalidateOnFocus: false });
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const followJob = useFollowJob();
  const data = preview.data;
  const refused = Boolean(data?.reasons.length);
  const matches = Boolean(data && normalised(typed) === normalised(data.fullName));

  async function submit() {
    if (!data || refused || !matches) return;
    setPending(true);
    setBanner(null);
    try {
      const { jobId } = await erasePerson(userId, { fullName: typed, version: data.version });
      followJob(jobId);
      onErased();
    } catch (error) {
      const failure = describeSaveFailure(error, (path) => path === 'fullName');
      setFieldError(failure.fieldErrors.fullName);
      setBanner(failure.banner);
      // A refusal or a change meanwhile: read the preview again, so the dialog shows why.
      void preview.mutate();
    } finally {
      setPending(false);
    }
  }

  // Refused: no footer (the dialog's own Close button closes it).
  const footer = data && !refused ? cancelAndSubmit({ label: 'Erase', variant: 'danger', onSubmit: () => void submit(), isPending: pending, isDisabled: !matches }) : undefined;

  return (
    <Modal isOpen onClose={onClose} title="Erase person" footer={footer}>
      <div className="users-dialog">
        {banner && <Alert tone="danger">{banner}</Alert>}
        {preview.error && <Alert tone="danger">{describeSaveFailure(preview.error, () => false).banner ?? 'Generic Error'}</Alert>}
        {!data && !preview.error && <LoadingState message="Loading what erasure would do..." />}
        {data && refused && (
          <>
            <Alert tone="warning">{data.fullName} cannot be erased now.</Alert>
            <ul aria-label="Why erasure is refused">
              {data.reasons.map((reason) => (
                <li key={reason.message}>{reason.message}</li>
              ))}
            </ul>
          </>
        )}
        {data && !refused && (
          <>
            <WhatGoes preview={data} />
            <TextField
              label={ERASE_CONFIRM_LABEL}
              isRequired
              value={typed}
              onChange={(value) => {
                setTyped(value);
                setFieldError(undefined);
              }}
              autoComplete="off"
              description={`Type “${data.fullName}”.`}
              errorMessage={fieldError ?? (typed && !matches ? ERASE_NAME_MISMATCH : undefined)}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
