import { ConfirmDialog } from '../../components/ui';
import { useTrackOutline } from './track-api';

export interface TrackDeactivateDialogProps {
  trackTemplateId: string;
  isPending: boolean;
  /** Deactivates the track (the list's save: pending, toast, reload). */
  deactivate: (name: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Confirm deactivation (SPEC.md section 2), at /tracks/deactivate-track/{id}, so Back closes it and
 * a link opens it. The track is read by id (a shared link has no row); an already inactive track
 * closes with no server call (SPEC.md section 4).
 */
export function TrackDeactivateDialog({ trackTemplateId, isPending, deactivate, onClose }: TrackDeactivateDialogProps) {
  const outline = useTrackOutline(trackTemplateId);
  const track = outline.data;

  async function confirm() {
    if (track && !track.disabled) await deactivate(track.name);
    onClose();
  }

  return (
    <ConfirmDialog
      isOpen
      title="Confirm deactivation"
      message={
        outline.error
          ? (outline.error as Error).message
          : `Are you sure you want to deactivate the track "${track?.name ?? ''}"? Nobody new can be enrolled in it.`
      }
      confirmLabel="Deactivate"
      tone="danger"
      isPending={isPending || !track}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
