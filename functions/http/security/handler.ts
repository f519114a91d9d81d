import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { redirect, withCookies } from '../../lib/http/result';
import { clearedSessionCookie, sessionCookie } from '../../lib/http/cookies';
import { completeSignIn, signOut, startSignIn } from '../../core/session/sign-in';
import { authenticate, login, loginSpa, logout } from '../../../shared/api/security';
import { config } from '../../lib/config';

export const handler = createServiceHandler('security', [
  implement(loginSpa, async ({ query }) => ({ url: await startSignIn(query['redirect-uri']) })),
  implement(login, async ({ query }) => redirect(await startSignIn(query['redirect-uri']))),
  implement(authenticate, async ({ query }) => {
    const session = await completeSignIn(query);
    return redirect(new URL(session.redirectPath, config.appUrl).toString(), [sessionCookie(session.token, session.maxAgeSeconds)]);
  }),
  implement(logout, async ({ sessionCookie: token }) => withCookies({ url: await signOut(token) }, [clearedSessionCookie()])),
]);
