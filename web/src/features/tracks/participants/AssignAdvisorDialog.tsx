import { useState, type ReactNode } from 'react';
import { CANCEL_ASSIGNING_MESSAGE } from '@shared/schemas/participants';
import { cancelAndSubmit, Modal, SearchableSelect, type SelectOption } from '../../../components/ui';
import { assigneeOptions } from './participants-api';

export interface AssignAdvisorDialogProps {
  title: string;
  /** Who the advisor is for (the selected participants). */
  intro: ReactNode;
  /** The start's refusal, when the server refused it. */
  children?: ReactNode;
  isPending: boolean;
  onConfirm: (advisor: SelectOption) => void;
  onClose: () => void;
}

/**
 * The participants table's Assign Advisor (manage-all users): one advisor for the selected
 * enrolments. Once an advisor is chosen, closing without assigning asks SPEC.md section 8's
 * 'cancel assigning' question first (Yes closes, No stays); with nothing chosen it just closes.
 */
export function AssignAdvisorDialog({ title, intro, children, isPending, onConfirm, onClose }: AssignAdvisorDialogProps) {
  const [advisor, setAdvisor] = useState<SelectOption | null>(null);
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (advisor) onConfirm(advisor);
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      closeMessage={advisor ? CANCEL_ASSIGNING_MESSAGE : undefined}
      footer={cancelAndSubmit({ label: 'Assign Advisor', onSubmit: submit, isPending })}
    >
      <div className="participants-manage">
        {children}
        <p>{intro}</p>
        <SearchableSelect
          label="Advisor"
          isRequired
          value={advisor}
          onChange={setAdvisor}
          loadOptions={(text) => assigneeOptions('advisor', text, [])}
          errorMessage={tried && !advisor ? 'Advisor is required' : undefined}
        />
      </div>
    </Modal>
  );
}
