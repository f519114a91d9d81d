import {
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  EnableSoftwareTokenMFAException,
  GetUserCommand,
  NotAuthorizedException,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../../lib/config';
import { traceClient } from '../../lib/tracing';
import { SetupNeedsSignIn, type MfaAccount, type MfaPort } from './mfa-port';

/**
 * Cognito's public, access-token API (scope aws.cognito.signin.user.admin): the user acts
 * on their own account, so the function needs no Cognito IAM permission.
 */
let client: CognitoIdentityProviderClient | undefined;

function cognito(): CognitoIdentityProviderClient {
  client ??= traceClient(new CognitoIdentityProviderClient({ region: config.region }));
  return client;
}

function tokenOf(account: MfaAccount): string {
  if (!account.accessToken) throw new SetupNeedsSignIn();
  return account.accessToken;
}

/** An expired or revoked access token: the user signs in again to continue. */
async function withToken<T>(account: MfaAccount, call: (accessToken: string) => Promise<T>): Promise<T> {
  try {
    return await call(tokenOf(account));
  } catch (error) {
    if (error instanceof NotAuthorizedException) throw new SetupNeedsSignIn();
    throw error;
  }
}

export const cognitoMfa: MfaPort = {
  async hasAuthenticator(account) {
    const user = await withToken(account, (AccessToken) => cognito().send(new GetUserCommand({ AccessToken })));
    return Boolean(user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA'));
  },

  async beginSetup(account) {
    const output = await withToken(account, (AccessToken) => cognito().send(new AssociateSoftwareTokenCommand({ AccessToken })));
    if (!output.SecretCode) throw new Error('Cognito returned no secret');
    return { secret: output.SecretCode };
  },

  async verifySetup(account, code) {
    return withToken(account, async (AccessToken) => {
      try {
        const verified = await cognito().send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: code, FriendlyDeviceName: 'Authenticator app' }));
        if (verified.Status !== 'SUCCESS') return false;
      } catch (error) {
        if (error instanceof CodeMismatchException || error instanceof EnableSoftwareTokenMFAException) return false;
        throw error;
      }
      // Verified is not yet in force: preferring TOTP makes every later sign-in ask for a code.
      await cognito().send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
      return true;
    });
  },
};
