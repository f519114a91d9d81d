import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { db } from '../../functions/db/service';
import { verifyLocalCredentials } from '../../functions/core/identity/local-accounts';
import { SIGN_IN_SCOPES } from '../../functions/core/identity/oidc-client';
import { totpCode, totpMatches } from '../../functions/core/identity/totp';
import { DEMO_TOTP_SECRET } from '../../functions/db/seed/demo-people';
import { loadOrCreateJwks } from './oidc-keys';
import { TOO_MANY_CODES, WRONG_CODE, WRONG_CREDENTIALS, codePage, providerErrorPage, signInPage, signOutPage, signedOutPage } from './oidc-pages';
import { readBody } from './request-body';
import { sendHtml } from './page-layout';
import { handleInvitation } from './oidc-invitation';

/**
 * The embedded OpenID provider of the local runtime (the stand-in for Cognito's managed
 * login), mounted at `/oidc` on the app's own origin. One confidential client, the API
 * (backend-for-frontend), with code + PKCE. Accounts are the local accounts in the table.
 */
export const LOCAL_CLIENT_ID = 'formation-local';
export const OIDC_MOUNT = '/oidc';

/** Cognito's scopes, the last one (the user's own account API) included, so the app asks both providers alike. */
const SCOPES = SIGN_IN_SCOPES;
/** Wrong codes allowed before the password must be entered again. */
const CODE_ATTEMPTS = 5;
const INTERACTION_SECONDS = 15 * 60;

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Handles any request under `/oidc`. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

async function findAccount(_ctx: KoaContextWithOIDC, sub: string) {
  const { data: user } = await db().entities.user.get({ userId: sub }).go();
  if (!user || user.inactive) return undefined; // ends the provider session: sign in again
  return {
    accountId: sub,
    claims: async () => ({
      sub,
      email: user.email,
      email_verified: true,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      given_name: user.firstName,
      family_name: user.lastName,
    }),
  };
}

/** The app is first-party: consent is granted without asking (the documented "skip consent" pattern). */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, session, result, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
  if (grantId) {
    const existing = await provider.Grant.find(grantId);
    if (existing) return existing;
  }
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SCOPES);
  await grant.save();
  return grant;
}

function configuration(options: { appUrl: string; clientSecret: string; jwks: Configuration['jwks'] }): Configuration {
  const home = `${options.appUrl}/`;
  return {
    // Sessions and codes in memory: a restart signs everyone out of the provider, which is fine locally.
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: options.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${options.appUrl}/api/security/authenticate`],
        post_logout_redirect_uris: [home],
      },
    ],
    jwks: options.jwks,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The API reads email from the ID token; put the scope's claims there, not only in userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = signedOutPage(options.appUrl);
        },
      },
    },
    interactions: { url: async (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    findAccount,
    loadExistingGrant,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = providerErrorPage({ appUrl: options.appUrl, error: String(out.error), description: out.error_description });
    },
    ttl: {
      AccessToken: 5 * 60,
      AuthorizationCode: 60,
      IdToken: 5 * 60,
      Interaction: INTERACTION_SECONDS,
      Session: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
    },
  };
}

type InteractionAction = 'show' | 'login' | 'code';

/** `/oidc/interaction/<uid>`, `.../login` (password) and `.../code` (authenticator code); null for any other path. */
function interactionRoute(pathname: string): { uid: string; action: InteractionAction } | null {
  const match = new RegExp(`^${OIDC_MOUNT}/interaction/([\\w-]+)(?:/(login|code))?$`).exec(pathname);
  return match ? { uid: match[1], action: (match[2] as InteractionAction | undefined) ?? 'show' } : null;
}

/**
 * A password accepted for an account with an authenticator app, waiting for its code (as
 * Cognito's managed login asks), by interaction. In memory like the provider's own sessions.
 */
interface AwaitingCode {
  userId: string;
  email: string;
  totpSecret: string;
  wrongCodes: number;
  startedAt: number;
}

/** Interactions end after 15 minutes (ttl.Interaction below); an abandoned wait goes with them. */
function forgetAbandoned(awaitingCode: Map<string, AwaitingCode>, now: number): void {
  for (const [uid, waiting] of awaitingCode) if (now - waiting.startedAt > INTERACTION_SECONDS * 1000) awaitingCode.delete(uid);
}

async function handleInteraction(
  provider: Provider,
  appUrl: string,
  awaitingCode: Map<string, AwaitingCode>,
  route: { uid: string; action: InteractionAction },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(req, res);
    if (details.uid !== route.uid) throw new Error('interaction mismatch');
  } catch {
    awaitingCode.delete(route.uid);
    sendHtml(res, 400, providerErrorPage({ appUrl, error: 'expired', description: 'This sign-in page has expired. Please sign in again.' }));
    return;
  }
  const action = `${OIDC_MOUNT}/interaction/${route.uid}/login`;
  const codeAction = `${OIDC_MOUNT}/interaction/${route.uid}/code`;
  const showCodePage = (status: number, waiting: AwaitingCode, error?: string) =>
    sendHtml(res, status, codePage({ action: codeAction, error, demoCode: demoCodeHint(waiting.totpSecret) }));

  if (details.prompt.name !== 'login') {
    // Only consent can be left, and this first-party client never asks for it.
    await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
    return;
  }
  const waiting = awaitingCode.get(route.uid);
  if (req.method !== 'POST' || route.action === 'show') {
    if (waiting) showCodePage(200, waiting);
    else sendHtml(res, 200, signInPage({ action }));
    return;
  }
  const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));

  if (route.action === 'code') {
    if (!waiting) {
      sendHtml(res, 401, signInPage({ action }));
      return;
    }
    if (!totpMatches(waiting.totpSecret, (form.get('code') ?? '').replace(/\s/g, ''))) {
      waiting.wrongCodes += 1;
      if (waiting.wrongCodes >= CODE_ATTEMPTS) {
        awaitingCode.delete(route.uid);
        sendHtml(res, 401, signInPage({ action, email: waiting.email, error: TOO_MANY_CODES }));
      } else showCodePage(401, waiting, WRONG_CODE);
      return;
    }
    awaitingCode.delete(route.uid);
    await provider.interactionFinished(req, res, { login: { accountId: waiting.userId } }, { mergeWithLastSubmission: false });
    return;
  }

  const email = (form.get('email') ?? '').trim();
  const account = email ? await verifyLocalCredentials(email, form.get('password') ?? '') : null;
  if (!account) {
    sendHtml(res, 401, signInPage({ action, email, error: WRONG_CREDENTIALS }));
    return;
  }
  if (account.totpSecret) {
    const next = { userId: account.userId, email, totpSecret: account.totpSecret, wrongCodes: 0, startedAt: Date.now() };
    forgetAbandoned(awaitingCode, next.startedAt);
    awaitingCode.set(route.uid, next);
    showCodePage(200, next);
    return;
  }
  await provider.interactionFinished(req, res, { login: { accountId: account.userId } }, { mergeWithLastSubmission: false });
}

/** The demo accounts' secret is public (README): their code is shown on the page, as the SMS page shows texts. */
function demoCodeHint(totpSecret: string): string | undefined {
  return totpSecret === DEMO_TOTP_SECRET ? totpCode(totpSecret) : undefined;
}

/**
 * Builds the provider. `jwksFile` keeps the signing keys across restarts (omit for memory).
 * The client secret is new at every start; the caller hands it to the API's settings.
 */
export async function createLocalOidcProvider(options: { appUrl: string; jwksFile?: string }): Promise<LocalOidcProvider> {
  const issuer = `${options.appUrl}${OIDC_MOUNT}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const jwks = (await loadOrCreateJwks(options.jwksFile)) as Configuration['jwks'];
  const provider = new Provider(issuer, configuration({ appUrl: options.appUrl, clientSecret, jwks }));
  const callback = provider.callback();
  const awaitingCode = new Map<string, AwaitingCode>();

  return {
    issuer,
    clientId: LOCAL_CLIENT_ID,
    clientSecret,
    async handle(req, res) {
      const pathname = new URL(req.url ?? '/', 'http://local').pathname;
      if (pathname === `${OIDC_MOUNT}/invitation`) {
        await handleInvitation(req, res, { action: `${OIDC_MOUNT}/invitation`, appUrl: options.appUrl });
        return;
      }
      const route = interactionRoute(pathname);
      if (route) {
        await handleInteraction(provider, options.appUrl, awaitingCode, route, req, res);
        return;
      }
      // Mounted like a sub-app: the provider routes on the rest of the path and reads the mount from originalUrl.
      const mounted = req as IncomingMessage & { originalUrl?: string };
      mounted.originalUrl = req.url;
      req.url = (req.url ?? '/').slice(OIDC_MOUNT.length) || '/';
      await callback(req, res);
    },
  };
}
