import * as oidc from 'openid-client';
import { config } from '../../lib/config';

/**
 * The API is the OAuth client (backend-for-frontend, ARCHITECTURE.md section 6):
 * code + PKCE against Cognito in AWS, against the embedded provider locally.
 * Discovery is done once per warm function.
 */
let discovered: Promise<oidc.Configuration> | null = null;

export function oidcConfiguration(): Promise<oidc.Configuration> {
  discovered ??= discover().catch((error) => {
    discovered = null; // let the next request try again
    throw error;
  });
  return discovered;
}

async function discover(): Promise<oidc.Configuration> {
  const issuer = new URL(config.oidcIssuer);
  const insecure = issuer.protocol === 'http:';
  return oidc.discovery(
    issuer,
    config.oidcClientId,
    config.oidcClientSecret,
    config.oidcClientSecret ? oidc.ClientSecretBasic(config.oidcClientSecret) : oidc.None(),
    insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

export function callbackUrl(): string {
  return new URL('/api/security/authenticate', config.appUrl).toString();
}

export const SIGN_IN_SCOPES = 'openid email profile aws.cognito.signin.user.admin';

export async function authorizationUrl(checks: { state: string; nonce: string; codeChallenge: string }): Promise<string> {
  const configuration = await oidcConfiguration();
  return oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl(),
      // The last scope lets the user's access token set up their own authenticator app (Cognito's GetUser, AssociateSoftwareToken ...).
      scope: SIGN_IN_SCOPES,
      response_type: 'code',
      code_challenge: checks.codeChallenge,
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    })
    .toString();
}

export interface SignedInIdentity {
  /** The provider's subject (`sub`): what a user is bound to (`cognitoUsername`). */
  subject: string;
  email: string;
  /** Only a verified email may link a first sign-in to an existing user. */
  emailVerified: boolean;
  /** The provider's access token: kept sealed on the server only while an authenticator app may be set up; never sent to the browser. */
  accessToken: string;
  accessTokenExpiresIn: number;
}

/** The failures of a callback the browser or the provider caused (a used or forged code, a wrong state). */
export function isRejectedCallback(error: unknown): boolean {
  return error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ClientError;
}

export async function exchangeCode(
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<SignedInIdentity> {
  const configuration = await oidcConfiguration();
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || typeof claims.email !== 'string') throw new Error('The identity provider returned no email claim');
  // Cognito sends a boolean; some providers send the string "true".
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  return { subject: claims.sub, email: claims.email, emailVerified, accessToken: tokens.access_token, accessTokenExpiresIn: tokens.expiresIn() ?? 300 };
}

/** Where the browser goes to end the provider's own session; it then returns to the app root. */
export async function providerLogoutUrl(): Promise<string> {
  const home = new URL('/', config.appUrl).toString();
  if (config.oidcLogoutUrl) return config.oidcLogoutUrl;
  const configuration = await oidcConfiguration();
  if (!configuration.serverMetadata().end_session_endpoint) return home;
  return oidc
    .buildEndSessionUrl(configuration, { client_id: config.oidcClientId, post_logout_redirect_uri: home })
    .toString();
}

export const randomChecks = {
  state: oidc.randomState,
  nonce: oidc.randomNonce,
  codeVerifier: oidc.randomPKCECodeVerifier,
  codeChallenge: oidc.calculatePKCECodeChallenge,
};
