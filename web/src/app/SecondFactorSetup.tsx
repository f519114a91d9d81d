import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AUTHENTICATOR_PAGE } from '@shared/auth/mfa';
// Direct imports: the design system's index pulls modules with top-level code into the first screen.
import { Button } from '../components/ui/Button';
import { LoadingState } from '../components/ui/LoadingState';
import { routes } from '../lib/api/routes';
import { signOutThrough } from '../lib/sign-out';
import { lazyChunk } from '../lib/chunk-load';

const AuthenticatorPage = lazyChunk(() => import('../features/security/AuthenticatorPage'));

/**
 * What a session that must set up an authenticator app sees (superadmins, conference admins):
 * the setup page without the rest of the shell, whose calls the server refuses until done,
 * and a way to sign out.
 */
export function SecondFactorSetup() {
  const { pathname } = useLocation();
  if (pathname !== AUTHENTICATOR_PAGE) return <Navigate to={AUTHENTICATOR_PAGE} replace />;
  return (
    <div className="app-layout">
      <header className="app-header">
        <span className="app-brand">
          <span className="app-brand-mark" aria-hidden="true" />
          Formation Tracks
        </span>
        <div className="app-header-actions">
          <Button variant="ghost" onPress={() => void signOutThrough(routes.security.logout)}>
            Sign out
          </Button>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingState message="Loading..." />}>
          <AuthenticatorPage />
        </Suspense>
      </main>
    </div>
  );
}
