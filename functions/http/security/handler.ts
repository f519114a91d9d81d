import { createServiceHandler } from '../../lib/http/service-handler';
import { redirect, withCookies } from '../../lib/http/result';
import { clearedSessionCookie, clearedSignInCookie, readCookie, sessionCookie, signInCookie, signInCookieName } from '../../lib/http/cookies';
import { completeSignIn, signOut, signOutEverywhere, startSignIn, type StartedSignIn } from '../../core/session/sign-in';
import { appAddress } from '../../core/session/safe-redirect';
import { beginAuthenticatorSetup, secondFactorStatus, verifyAuthenticatorSetup } from '../../core/session/second-factor';
import { securityApi } from '../../../shared/api/security';
import { config } from '../../lib/config';

const pendingCookie = (started: StartedSignIn) => signInCookie(started.state, started.sealed, started.maxAgeSeconds);

export const handler = createServiceHandler(securityApi, {
  loginSpa: async ({ query }) => {
    const started = await startSignIn(query['redirect-uri']);
    return withCookies({ url: started.url }, [pendingCookie(started)]);
  },
  login: async ({ query }) => {
    const started = await startSignIn(query['redirect-uri']);
    return redirect(started.url, [pendingCookie(started)]);
  },
  authenticate: async ({ query, event }) => {
    const session = await completeSignIn(query, readCookie(event.cookies, signInCookieName(query.state)));
    return redirect(appAddress(session.redirectPath, config.appUrl), [
      sessionCookie(session.token, session.maxAgeSeconds),
      clearedSignInCookie(query.state),
    ]);
  },
  logout: async ({ sessionCookie: token }) => withCookies({ url: await signOut(token) }, [clearedSessionCookie()]),
  logoutEverywhere: async ({ auth }) => withCookies({ url: await signOutEverywhere(auth.userId) }, [clearedSessionCookie()]),
  secondFactor: async ({ auth }) => secondFactorStatus(auth),
  beginAuthenticatorSetup: async ({ auth }) => beginAuthenticatorSetup(auth),
  verifyAuthenticatorSetup: async ({ auth, body }) => {
    await verifyAuthenticatorSetup(auth, body.code);
    return { required: auth.secondFactorRequired, secondFactor: true };
  },
});
