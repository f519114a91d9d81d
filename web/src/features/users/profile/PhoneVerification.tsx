import { useState } from 'react';
import type { ProfileDetails } from '@shared/schemas/user-profile';
import { Badge, Button } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useSave } from '../../../lib/forms/use-save';

/** Codes asked for in this browser session, by user and number: one send per session (SPEC.md section 4). */
const SENT_KEY = 'formation.smsVerificationSent';

function sentThisSession(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(SENT_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

function rememberSent(key: string): void {
  sessionStorage.setItem(SENT_KEY, JSON.stringify([...sentThisSession(), key]));
}

/**
 * The primary number's verification (SPEC.md sections 4 and 5): 'Has Verified Number' once
 * verified; otherwise, for those who may edit the user, Verify Primary Number (disabled as
 * 'Primary Number Required' with no number), then 'Verification Sent' for the rest of the session.
 */
export function PhoneVerification({ details, onChanged }: { details: ProfileDetails; onChanged: () => Promise<unknown> }) {
  const key = `${details.id}:${details.phoneNumber ?? ''}`;
  const [sent, setSent] = useState(() => sentThisSession().includes(key));
  const save = useSave(onChanged);
  if (details.isPhoneNumberVerified) return <Badge tone="success">Has Verified Number</Badge>;
  if (!details.canEdit) return null;
  if (!details.phoneNumber)
    return (
      <Button variant="secondary" size="small" isDisabled>
        Primary Number Required
      </Button>
    );
  async function verify() {
    const ok = await save.run(() => call(routes.communication.triggerSmsVerification, { params: { userId: details.id } }), `A code was sent to ${details.phoneNumber}. Reply to the text with the code.`);
    if (ok) {
      rememberSent(key);
      setSent(true);
    }
  }
  return (
    <Button variant="secondary" size="small" isDisabled={sent} isPending={save.isPending} onPress={() => void verify()}>
      {sent ? 'Verification Sent' : 'Verify Primary Number'}
    </Button>
  );
}
