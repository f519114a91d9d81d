import { AUTHENTICATOR_PAGE } from '@shared/auth/mfa';
import { Link } from '../../components/ui';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';

/** The profile's entry to authenticator apps: optional for most people, required of admins (who have one by now). */
export function AuthenticatorSection() {
  const status = useApi(routes.security.secondFactor);
  if (!status.data) return null;
  return (
    <section className="app-section" aria-labelledby="authenticator-heading">
      <h2 id="authenticator-heading">Authenticator app</h2>
      {status.data.secondFactor ? (
        <p>This sign-in was confirmed with a code from your authenticator app.</p>
      ) : (
        <>
          <p>Add an authenticator app so that every sign-in also asks for a code from your phone.</p>
          <Link href={AUTHENTICATOR_PAGE}>Set up authenticator app</Link>
        </>
      )}
    </section>
  );
}
