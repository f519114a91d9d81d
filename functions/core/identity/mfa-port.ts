/** The signed-in account as the identity provider knows it. */
export interface MfaAccount {
  email: string;
  /** The provider's access token of this sign-in (Cognito's setup calls act with it); unset once spent or expired. */
  accessToken: string | undefined;
}

/**
 * The identity provider's side of authenticator apps (TOTP), the one place that differs
 * between Cognito (AWS) and the local provider (functions/core/identity/local-accounts.ts).
 */
export interface MfaPort {
  /** The account has a confirmed authenticator app, so the provider asked for its code at sign-in. */
  hasAuthenticator(account: MfaAccount): Promise<boolean>;
  /** A new secret for the account's authenticator app, not in force until confirmed by `verifySetup`. */
  beginSetup(account: MfaAccount): Promise<{ secret: string }>;
  /** Confirms the secret from `beginSetup` with a code from the app; from then on sign-in asks for codes. False for a wrong code. */
  verifySetup(account: MfaAccount, code: string): Promise<boolean>;
}

/** The setup needs a fresh sign-in: the provider's access token has expired or was never kept. */
export class SetupNeedsSignIn extends Error {
  constructor() {
    super('The sign-in that started this setup has expired');
  }
}
