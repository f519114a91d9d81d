import { AdminCreateUserCommand, AdminDisableUserCommand, AdminUpdateUserAttributesCommand, AdminEnableUserCommand, CognitoIdentityProviderClient, UserNotFoundException, UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../../lib/config';
import { traceClient } from '../../lib/tracing';
import type { AccountPort, Invitee, ProviderAccount } from './account-port';

/** Cognito's admin API (IAM: granted to each bundle holding these commands, infra/function-needs.ts SDK_GRANTS). */
let client: CognitoIdentityProviderClient | undefined;

function cognito(): CognitoIdentityProviderClient {
  client ??= traceClient(new CognitoIdentityProviderClient({ region: config.region }));
  return client;
}

const usernameOf = (account: ProviderAccount) => account.cognitoUsername ?? account.email;

/** A user who never got a Cognito account (made before invitations, or by the seed) has nothing to change there. */
const ignoringMissing = (send: () => Promise<unknown>) => ignoring(UserNotFoundException, send);

async function ignoring(expected: (new (...args: never[]) => Error) | undefined, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!expected || !(error instanceof expected)) throw error;
  }
}

/** Cognito's AdminCreateUser: a new account with its invitation email, or (`resend`) the invitation again. */
function createAccount(invitee: Invitee, resend: boolean) {
  return cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: config.cognitoUserPoolId,
      Username: invitee.email,
      DesiredDeliveryMediums: ['EMAIL'],
      // The app's claim already proved the address is this user's: the invitation itself confirms it.
      UserAttributes: [
        { Name: 'email', Value: invitee.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: invitee.firstName },
        { Name: 'family_name', Value: invitee.lastName },
      ],
      ...(resend ? { MessageAction: 'RESEND' as const } : {}),
    }),
  );
}

export const cognitoAccounts: AccountPort = {
  async invite(invitee, { again }) {
    if (!again) {
      // A first invitation that finds the account already there (admin create-user called twice) has nothing left to do.
      await ignoring(UsernameExistsException, () => createAccount(invitee, false));
      return;
    }
    try {
      await createAccount(invitee, true);
    } catch (error) {
      // Someone imported without an invitation has no account yet: their first invitation is a new one.
      if (!(error instanceof UserNotFoundException)) throw error;
      await createAccount(invitee, false);
    }
  },
  // The app confirmed the address with its own link, so Cognito needs no code of its own.
  changeEmail: (account, email) =>
    ignoringMissing(() =>
      cognito().send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: config.cognitoUserPoolId,
          Username: usernameOf(account),
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      ),
    ),
  disable: (account) => ignoringMissing(() => cognito().send(new AdminDisableUserCommand({ UserPoolId: config.cognitoUserPoolId, Username: usernameOf(account) }))),
  enable: (account) => ignoringMissing(() => cognito().send(new AdminEnableUserCommand({ UserPoolId: config.cognitoUserPoolId, Username: usernameOf(account) }))),
};
