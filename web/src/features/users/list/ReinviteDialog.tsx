import { useState } from 'react';
import type { UserRow } from '@shared/api/user-directory';
import { ConfirmDialog, useToast } from '../../../components/ui';
import { VerificationEmailSent } from '../profile/VerificationEmailSent';
import { selectedUsersText } from './selected-users';
import { reinviteUsers } from './users-api';

export interface ReinviteDialogProps {
  users: ReadonlyArray<Pick<UserRow, 'id' | 'firstName' | 'lastName'>>;
  /** After Cancel, or OK on 'Verification Email Sent'. */
  onClose: () => void;
}

/** How many invitations went out (the server leaves out anyone already signed in). */
export function invitationsSentText(count: number): string {
  if (count === 0) return 'No invitation was sent: everyone selected has already signed in.';
  return count === 1 ? 'An invitation email was sent.' : `${count} invitation emails were sent.`;
}

/**
 * Confirm Reinvite User, then Verification Email Sent (SPEC.md section 2): one flow for the
 * users table and the profile's account status card. A failure shows as a toast and the
 * question stays open.
 */
export function ReinviteDialog({ users, onClose }: ReinviteDialogProps) {
  const { showToast } = useToast();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  if (sent !== null) return <VerificationEmailSent onClose={onClose}>{<p>{invitationsSentText(sent)}</p>}</VerificationEmailSent>;

  async function reinvite() {
    setPending(true);
    try {
      setSent((await reinviteUsers(users.map((user) => user.id))).length);
    } catch (error) {
      showToast((error as Error).message, { tone: 'danger' });
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      isOpen
      title="Confirm Reinvite User"
      message={`Send a new invitation email to ${selectedUsersText(users)}? Anyone who has already signed in is left out.`}
      confirmLabel="Reinvite"
      isPending={pending}
      onConfirm={() => void reinvite()}
      onCancel={onClose}
    />
  );
}
