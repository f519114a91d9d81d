import { Button, Modal } from '../../../components/ui';

/** After a details save that changed the email (SPEC.md section 2 dialogs): where the confirmation went. */
export function VerificationEmailSent({ email, onClose }: { email?: string; onClose: () => void }) {
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Verification Email Sent"
      footer={
        <Button onPress={onClose} autoFocus>
          OK
        </Button>
      }
    >
      <p>
        We sent a confirmation link to <strong>{email ?? 'the new address'}</strong>. The email address changes once the link in that email is followed; until then the
        current address stays in use.
      </p>
    </Modal>
  );
}
