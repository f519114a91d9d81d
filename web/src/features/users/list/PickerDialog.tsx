import { useState, type ReactNode } from 'react';
import { Alert, cancelAndSubmit, Modal, SearchableSelect, type SelectOption } from '../../../components/ui';

export interface PickerDialogProps {
  isOpen: boolean;
  title: string;
  /** What the change applies to (the selected users). */
  intro: ReactNode;
  /** Other fields above the picker (the location kind). */
  children?: ReactNode;
  label: string;
  /** Under the picker when Confirm is pressed with nothing picked. */
  requiredMessage: string;
  /** The dialog's own sentence for the same, above its fields, where SPEC gives one ('Please select a Mentor to continue.'). */
  dialogMessage?: string;
  loadOptions: (text: string) => Promise<SelectOption[]>;
  confirmLabel: string;
  /** 'danger' when the change destroys something for good (Delete Tag for Everyone). */
  tone?: 'primary' | 'danger';
  isPending: boolean;
  onConfirm: (choice: SelectOption) => void;
  onClose: () => void;
}

/** A dialog that applies one picked option to the selected users (a role to give or take, a location to add). */
export function PickerDialog({ isOpen, title, intro, children, label, requiredMessage, dialogMessage, loadOptions, confirmLabel, tone, isPending, onConfirm, onClose }: PickerDialogProps) {
  const [choice, setChoice] = useState<SelectOption | null>(null);
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (choice) onConfirm(choice);
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      footer={cancelAndSubmit({ label: confirmLabel, onSubmit: submit, isPending, variant: tone })}
    >
      <div className="users-dialog">
        {tried && !choice && dialogMessage && <Alert tone="danger">{dialogMessage}</Alert>}
        <p>{intro}</p>
        {children}
        <SearchableSelect
          label={label}
          isRequired
          value={choice}
          onChange={setChoice}
          loadOptions={loadOptions}
          errorMessage={tried && !choice ? requiredMessage : undefined}
        />
      </div>
    </Modal>
  );
}
