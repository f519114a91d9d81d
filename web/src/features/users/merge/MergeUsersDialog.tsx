import { useEffect, useState } from 'react';
import { MERGE_SAME_USER } from '@shared/api/user-merge';
import type { UserView } from '@shared/schemas/user';
import { Alert, cancelAndSubmit, Modal, RadioGroup, SearchableSelect } from '../../../components/ui';
import { describeSaveFailure } from '../../../lib/forms/save-errors';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { mergeCandidates, mergeUsers, userNames, type MergeCandidate } from './merge-api';

type Names = Pick<UserView, 'firstName' | 'middleName' | 'lastName'>;
const NAME_FIELDS = [
  ['firstName', 'First Name'],
  ['middleName', 'Middle Name'],
  ['lastName', 'Last Name'],
] as const;
type NameField = (typeof NAME_FIELDS)[number][0];

export interface MergeUsersDialogProps {
  /** The profile's user: the one merged away unless the caller picks another. */
  user: UserView;
  onClose: () => void;
  /** The decisive part is committed: the source shows as merged from now on. */
  onMerged: (fromUserId: string) => void;
}

/** A user's names once picked (read through get-user, which the search row does not carry). */
function useNames(option: MergeCandidate | null): Names | null {
  const [names, setNames] = useState<{ id: string; names: Names } | null>(null);
  useEffect(() => {
    if (!option || option.user) return;
    let live = true;
    userNames(option.id).then(
      (user) => live && setNames({ id: option.id, names: user }),
      // Unreadable (gone meanwhile): no names, so Merge stays refused with 'Required'.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [option]);
  if (!option) return null;
  return option.user ?? (names?.id === option.id ? names.names : null);
}

/**
 * Merge Users (SPEC.md sections 2 and 5; /users/{id}/merge): From (this profile's user unless
 * changed) and To, each searched among active users; they must differ. Where their first,
 * middle or last names differ, the caller picks which to keep. Merge commits the decisive part
 * at once and follows the job that moves the rest in the shell's progress toast.
 */
export function MergeUsersDialog({ user, onClose, onMerged }: MergeUsersDialogProps) {
  const [from, setFrom] = useState<MergeCandidate | null>({ id: user.id, label: `${user.firstName} ${user.lastName}`, description: user.email, user });
  const [to, setTo] = useState<MergeCandidate | null>(null);
  const [kept, setKept] = useState<Partial<Record<NameField, string>>>({});
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const followJob = useFollowJob();
  const fromNames = useNames(from);
  const toNames = useNames(to);
  const same = Boolean(from && to && from.id === to.id);
  const differing = fromNames && toNames ? NAME_FIELDS.filter(([field]) => (fromNames[field] ?? '') !== (toNames[field] ?? '')) : [];

  function chosen(field: NameField): string | undefined {
    if (!fromNames || !toNames) return undefined;
    if ((fromNames[field] ?? '') === (toNames[field] ?? '')) return toNames[field] ?? '';
    const side = kept[field];
    return side === 'from' ? (fromNames[field] ?? '') : side === 'to' ? (toNames[field] ?? '') : undefined;
  }

  async function submit() {
    setTried(true);
    if (!from || !to || same || !fromNames || !toNames || differing.some(([field]) => !kept[field])) return;
    setPending(true);
    setBanner(null);
    try {
      const { jobId } = await mergeUsers({ fromUserId: from.id, toUserId: to.id, firstName: chosen('firstName')!, middleName: chosen('middleName') || undefined, lastName: chosen('lastName')! });
      followJob(jobId);
      onMerged(from.id);
    } catch (error) {
      setBanner(describeSaveFailure(error, () => false).banner ?? 'Generic Error');
    } finally {
      setPending(false);
    }
  }

  const pick = (set: (option: MergeCandidate | null) => void) => (option: MergeCandidate | null) => {
    set(option);
    setKept({});
  };

  return (
    <Modal isOpen onClose={onClose} title="Merge Users" footer={cancelAndSubmit({ label: 'Merge', onSubmit: () => void submit(), isPending: pending })}>
      <div className="users-dialog">
        {banner && <Alert tone="danger">{banner}</Alert>}
        <p>The first user is merged into the second: they become inactive, and everything they hold moves to the second user.</p>
        <SearchableSelect label="Merge from" isRequired value={from} onChange={pick(setFrom)} loadOptions={mergeCandidates} errorMessage={tried && !from ? 'Required' : undefined} />
        <SearchableSelect
          label="Merge into"
          isRequired
          value={to}
          onChange={pick(setTo)}
          loadOptions={mergeCandidates}
          errorMessage={tried && !to ? 'Required' : same ? MERGE_SAME_USER : undefined}
        />
        {!same &&
          fromNames &&
          toNames &&
          differing.map(([field, label]) => (
            <RadioGroup
              key={field}
              label={`${label} to keep`}
              isRequired
              orientation="horizontal"
              value={kept[field] ?? null}
              onChange={(side) => setKept((current) => ({ ...current, [field]: side }))}
              options={[
                { value: 'from', label: fromNames[field] || `(no ${label.toLowerCase()})` },
                { value: 'to', label: toNames[field] || `(no ${label.toLowerCase()})` },
              ]}
              errorMessage={tried && !kept[field] ? 'Required' : undefined}
            />
          ))}
      </div>
    </Modal>
  );
}
