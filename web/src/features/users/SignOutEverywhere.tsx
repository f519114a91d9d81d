import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { signOutThrough } from '../../lib/sign-out';
import { routes } from '../../lib/api/routes';

/**
 * Ends every session of the signed-in user (other browsers, a lost phone), this one too,
 * after a confirmation; then the browser leaves through the provider's sign-out.
 */
export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  async function signOutEverywhere() {
    setPending(true);
    await signOutThrough(routes.security.logoutEverywhere);
  }

  return (
    <section className="app-section" aria-labelledby="sign-out-everywhere-heading">
      <h2 id="sign-out-everywhere-heading">Sessions</h2>
      <p>Signed in on a device you no longer use? Sign out on every browser and device at once.</p>
      <Button variant="secondary" onPress={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title="Sign out everywhere"
        message="Are you sure you want to sign out on every browser and device, including this one?"
        confirmLabel="Sign out everywhere"
        tone="danger"
        isPending={pending}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
