import type { ReactNode } from 'react';
import { Button, Modal } from '../../../components/ui';

/**
 * 'Verification Email Sent' (SPEC.md section 2 dialogs): where an email went, after a details
 * save that changed the address (the default text) or a reinvite (ReinviteDialog's text).
 */
export function VerificationEmailSent({ email, children, onClose }: { email?: string; children?: ReactNode; onClose: () => void }) {
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
      {children ?? (
        <p>
          We sent a confirmation link to <strong>{email ?? 'the new address'}</strong>. The email address changes once the link in that email is followed; until then the
          current address stays in use.
        </p>
      )}
    </Modal>
  );
}
