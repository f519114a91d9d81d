import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { routes } from '../lib/api/routes';
import { buildAbility } from '@shared/auth/ability';
import { Alert } from '../components/ui/Alert';
import { LoadingState } from '../components/ui/LoadingState';
import { useApi } from '../lib/api/use-api';
import { AbilityProvider } from '../lib/ability';
import { CurrentUserContext } from '../lib/current-user';
import { SecondFactorSetup } from './SecondFactorSetup';
import { warmUpAnnouncements, warmUpFirstScreen } from './warm-up';

/**
 * Nothing shows before the account and its roles are known (SPEC.md section 2):
 * a spinner with 'Loading your account...' meanwhile. A session that still has to set up
 * the authenticator app its roles need sees only that setup. A 401 is handled by the API client,
 * which sends the browser to sign in.
 */
export function AccountGate() {
  useEffect(() => warmUpFirstScreen(window.location.pathname), []);
  const user = useApi(routes.user.current);
  const rules = useApi(routes.user.abilities);
  const secondFactor = useApi(routes.security.secondFactor);
  // The shell's settings (the feedback link) come with the account, so the top bar is drawn
  // whole at once: a link arriving later wrapped a phone's top bar and moved the page down.
  const settings = useApi(routes.app.settings);
  const ability = useMemo(() => (rules.data ? buildAbility(rules.data as never) : null), [rules.data]);
  const mustSetUpSecondFactor = Boolean(secondFactor.data?.required && !secondFactor.data.secondFactor);
  const mayUseApp = Boolean(secondFactor.data) && !mustSetUpSecondFactor;
  useEffect(() => {
    if (mayUseApp) warmUpAnnouncements();
  }, [mayUseApp]);

  const error = user.error ?? rules.error ?? secondFactor.error;
  if (error && (error as { status?: number }).status !== 401) {
    return (
      <main className="app-centered">
        <Alert tone="danger" title="We could not load your account.">
          {(error as Error).message}
        </Alert>
      </main>
    );
  }
  if (!user.data || !ability || !secondFactor.data || (!settings.data && !settings.error)) {
    return (
      <main className="app-centered">
        <LoadingState message="Loading your account..." />
      </main>
    );
  }
  return (
    <CurrentUserContext.Provider value={user.data}>
      <AbilityProvider ability={ability}>
        {mustSetUpSecondFactor ? <SecondFactorSetup /> : <Outlet />}
      </AbilityProvider>
    </CurrentUserContext.Provider>
  );
}
