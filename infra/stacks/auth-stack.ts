import { Aws, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from '../constructs/acknowledge';

export interface AuthStackProps extends StackProps {
  appUrl: string;
  /** Unset: `<name>-<account id>` (unique per account, and allowed by Cognito's prefix rules). */
  domainPrefix?: string;
  name: string;
  mailFrom: string;
  /** The verified SES identity covering mailFrom (its domain, or the address itself). */
  sesIdentity: string;
  /** optional: TOTP offered, and the app requires it of administrators; required: everyone (docs/deploy.md, "Sign-in security"). */
  mfa: 'optional' | 'required';
}

export const CALLBACK_PATH = '/api/security/authenticate';

/**
 * Sign-in: a Cognito user pool with the managed login pages. Nobody signs themselves up:
 * administrators create people, and Cognito emails them an invitation with a temporary password.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  /** The OpenID issuer the API's OIDC client discovers. */
  readonly issuerUrl: string;
  /** Cognito's logout endpoint (not in its discovery document). */
  readonly logoutUrl: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const home = `${props.appUrl}/`;

    this.userPool = new cognito.UserPool(this, 'Users', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // A new email address takes effect only once its owner confirms the code sent to it.
      keepOriginal: { email: true },
      mfa: props.mfa === 'required' ? cognito.Mfa.REQUIRED : cognito.Mfa.OPTIONAL,
      // An authenticator app (TOTP) only: SMS codes can be intercepted and cost per message.
      mfaSecondFactor: { otp: true, sms: false },
      userInvitation: {
        emailSubject: 'Your Formation Tracks account',
        emailBody: `You have been invited to Formation Tracks. Sign in at ${home} with the username {username} and the temporary password {####}; you will choose your own password.`,
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Cognito's own sender allows 50 emails a day: too few for inviting a conference.
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.mailFrom,
        fromName: 'Formation Tracks',
        sesRegion: Aws.REGION,
        sesVerifiedDomain: props.sesIdentity.includes('@') ? undefined : props.sesIdentity,
      }),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    acknowledge(this.userPool, {
      COG8: 'The Plus plan (threat protection) is billed per monthly active user on top of Essentials, a standing cost a small conference does not carry; sign-in is protected by the WAF rate limits on /api/security/*, the password policy, Cognito lockout after repeated failures, and TOTP.',
      ...(props.mfa === 'required'
        ? {}
        : { COG2: 'MFA is optional at pool level because most users (participants, mentors) may not have an authenticator app; TOTP is offered to all, and the app refuses every request of a superadmin or conference admin whose session has not proved a TOTP code (docs/deploy.md, "Sign-in security"). Set mfa=required to require it of everyone.' }),
    });

    this.domain = this.userPool.addDomain('Login', {
      cognitoDomain: { domainPrefix: props.domainPrefix ?? `${props.name.toLowerCase()}-${Aws.ACCOUNT_ID}` },
      managedLoginVersion: cognito.ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });

    // The API is the OAuth client (backend for frontend): code grant with PKCE, no client secret
    // (see docs/deploy.md, "Why a public client").
    this.client = this.userPool.addClient('Web', {
      generateSecret: false,
      // Only what managed login needs for a password sign-in (SRP: the password never leaves the
      // browser in clear) plus refresh; no plain USER_PASSWORD_AUTH, no admin or custom flows.
      authFlows: { userSrp: true, userPassword: false, adminUserPassword: false, custom: false, user: false },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        // COGNITO_ADMIN (aws.cognito.signin.user.admin): the user's access token may set up their own authenticator app.
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE, cognito.OAuthScope.COGNITO_ADMIN],
        callbackUrls: [`${props.appUrl}${CALLBACK_PATH}`],
        logoutUrls: [home],
      },
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
    });

    // Managed login v2 shows its pages only once the client has a branding style.
    new cognito.CfnManagedLoginBranding(this, 'LoginBranding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });

    this.issuerUrl = this.userPool.userPoolProviderUrl;
    this.logoutUrl = `${this.domain.baseUrl()}/logout?client_id=${this.client.userPoolClientId}&logout_uri=${encodeURIComponent(home)}`;
  }
}
