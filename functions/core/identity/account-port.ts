/** A user's account at the identity provider, named by the subject it signs in as or, before the first sign-in, by email. */
export interface ProviderAccount {
  email: string;
  cognitoUsername?: string;
}

/**
 * The identity provider's side of account administration (ARCHITECTURE.md section 6), the one
 * place that differs between Cognito (AWS) and the local provider. The app itself refuses an
 * inactive user at sign-in and on every request; the provider refuses them too, so a
 * deactivated person cannot even reach the callback.
 */
/** Who is invited: the account's email and what the invitation says. */
export interface Invitee {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface AccountPort {
  /**
   * Creates the provider account and sends the invitation, or (`again`) sends a fresh one:
   * Cognito emails a temporary password; locally an email with a set-password link goes
   * through the outbox to the local mail viewer.
   */
  invite(invitee: Invitee, options: { again: boolean }): Promise<void>;
  disable(account: ProviderAccount): Promise<void>;
  /** A confirmed email change: the provider's account now has (and has verified) `email`. */
  changeEmail(account: ProviderAccount, email: string): Promise<void>;
  enable(account: ProviderAccount): Promise<void>;
}
