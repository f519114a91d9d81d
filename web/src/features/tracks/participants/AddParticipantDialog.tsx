import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui';
import { EnrolDialog } from '../assignments/EnrolDialog';

export interface AddParticipantDialogProps {
  track: { id: string; name: string };
  /** Where Cancel and Save return to (the participants page). */
  backTo: string;
  /** Reloads what lists the enrolments. */
  onEnrolled?: () => void;
}

/** `/tracks/{id}/participants/add` (SPEC.md section 2): 'Add Participant' for this track. */
export function AddParticipantDialog({ track, backTo, onEnrolled }: AddParticipantDialogProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  return (
    <EnrolDialog
      title="Add Participant"
      track={{ id: track.id, label: track.name }}
      onClose={() => navigate(backTo)}
      onEnrolled={(message) => {
        showToast(message, { tone: 'success' });
        onEnrolled?.();
        navigate(backTo);
      }}
    />
  );
}
