import { Button } from './Button';

export interface CancelAndSubmitOptions {
  /** The submit button's label (SPEC.md names it per dialog: Save, Create, Add User...). */
  label?: string;
  /** Submits this form (the dialog's fields); otherwise `onSubmit` runs on press. */
  formId?: string;
  onSubmit?: () => void;
  isPending?: boolean;
  isDisabled?: boolean;
  /** 'danger' when submitting destroys something (Delete for Everyone). */
  variant?: 'primary' | 'danger';
}

/**
 * The usual dialog footer for Modal's `footer`: Cancel (the dialog's own animated, confirmed
 * close) and the submit button.
 */
export function cancelAndSubmit({ label = 'Save', formId, onSubmit, isPending, isDisabled, variant = 'primary' }: CancelAndSubmitOptions) {
  return function CancelAndSubmit(close: () => void) {
    return (
      <>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant={variant} type={formId ? 'submit' : 'button'} form={formId} onPress={onSubmit} isPending={isPending} isDisabled={isDisabled}>
          {label}
        </Button>
      </>
    );
  };
}
