import { useState } from 'react';
import type { UserView } from '@shared/schemas/user';
import { Alert, Button, ConfirmDialog } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { describeSaveFailure } from '../../../lib/forms/save-errors';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';

const deadline = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

/**
 * Undo merge (issue 25, item 5): on the merged person's profile and the kept person's, for
 * manage-all viewers, while the merge can be undone (within 30 days, its move job finished).
 * The confirmation names both people and the deadline; the undo's job is followed in the
 * shell's progress toast. The state read is only asked for once the details say manage-all.
 */
export function UndoMergeButton({ user, onUndone }: { user: UserView; onUndone: () => void }) {
  const details = useApi(routes.user.profileBasicInfo, { params: { userId: user.id, canEdit: 'true' } });
  const state = useApi(routes.user.mergeUndoState, details.data?.canManageAll ? { params: { id: user.id } } : null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const followJob = useFollowJob();
  const undo = state.data?.undo;
  if (!details.data?.canManageAll || !undo) return null;

  const confirm = async () => {
    setPending(true);
    setBanner(null);
    try {
      const { jobId, namesRestored } = await call(routes.user.undoMerge, { body: { fromUserId: undo.from.userId } });
      followJob(jobId, { onFinished: () => void state.mutate() });
      setOpen(false);
      if (!namesRestored) setBanner(`${undo.to.label} kept the names they have now: they changed after the merge.`);
      onUndone();
      void state.mutate();
    } catch (error) {
      setOpen(false);
      setBanner(describeSaveFailure(error, () => false).banner ?? 'Generic Error');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="users-status-actions">
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Undo merge
      </Button>
      {banner && <Alert tone="danger">{banner}</Alert>}
      <ConfirmDialog
        isOpen={open}
        title="Undo merge"
        message={
          <p>
            {undo.from.label} was merged into {undo.to.label}. Undoing makes {undo.from.label} active again and moves back what still belongs to {undo.to.label} as
            the merge left it. Possible until {deadline(undo.undoUntil)}.
          </p>
        }
        confirmLabel="Undo merge"
        tone="danger"
        isPending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
