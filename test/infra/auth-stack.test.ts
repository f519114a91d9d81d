import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation, TEST_DOMAIN } from './support/synth-formation';

let auth: Template;
beforeAll(() => {
  auth = synthFormation().templates.auth;
}, SYNTH_TIMEOUT);

function onlyResource(type: string): Record<string, any> {
  const found = Object.values(auth.findResources(type));
  expect(found).toHaveLength(1);
  return found[0].Properties;
}

describe('the user pool', () => {
  it('signs in by email, and only administrators create accounts (with an invitation email)', () => {
    const pool = onlyResource('AWS::Cognito::UserPool');
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.AdminCreateUserConfig.InviteMessageTemplate.EmailMessage).toContain('{####}');
    expect(pool.AdminCreateUserConfig.InviteMessageTemplate.EmailMessage).toContain(`https://${TEST_DOMAIN}/`);
    expect(pool.AccountRecoverySetting.RecoveryMechanisms).toEqual([{ Name: 'verified_email', Priority: 1 }]);
    expect(pool.Policies.PasswordPolicy.MinimumLength).toBeGreaterThanOrEqual(12);
    expect(pool.EmailConfiguration.EmailSendingAccount).toBe('DEVELOPER');
  });

  it('asks for long passwords with every character class, and offers an authenticator app (TOTP) but no SMS codes', () => {
    const pool = onlyResource('AWS::Cognito::UserPool');
    expect(pool.Policies.PasswordPolicy).toMatchObject({ MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true });
    expect(pool.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('requires TOTP of everyone when the mfa setting says so', () => {
    const strict = synthFormation({ ...CUSTOM_DOMAIN_SETTINGS, MFA: 'required' }).templates.auth;
    const [pool] = Object.values(strict.findResources('AWS::Cognito::UserPool')) as any[];
    expect(pool.Properties.MfaConfiguration).toBe('ON');
  }, SYNTH_TIMEOUT);

  it('changes an email address only once the new one is confirmed', () => {
    const pool = onlyResource('AWS::Cognito::UserPool');
    expect(pool.UserAttributeUpdateSettings).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
  });

  it('is kept when the stack goes', () => {
    auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }) });
  });
});

describe('managed login', () => {
  it('uses the new managed login pages on a Cognito domain, with a branding style for the client', () => {
    expect(onlyResource('AWS::Cognito::UserPoolDomain').ManagedLoginVersion).toBe(2);
    const branding = onlyResource('AWS::Cognito::ManagedLoginBranding');
    expect(branding.UseCognitoProvidedValues).toBe(true);
    expect(branding.ClientId).toEqual({ Ref: Object.keys(auth.findResources('AWS::Cognito::UserPoolClient'))[0] });
  });
});

describe('the app client', () => {
  it('returns to the API callback, with the authorization code grant only and no secret', () => {
    const client = onlyResource('AWS::Cognito::UserPoolClient');
    expect(client.CallbackURLs).toEqual([`https://${TEST_DOMAIN}/api/security/authenticate`]);
    expect(client.CallbackURLs[0].endsWith('/api/security/authenticate')).toBe(true);
    expect(client.LogoutURLs).toEqual([`https://${TEST_DOMAIN}/`]);
    expect(client.AllowedOAuthFlows).toEqual(['code']);
    // The last lets the user's own access token set up an authenticator app (no Cognito IAM grant for the security function).
    expect(client.AllowedOAuthScopes).toEqual(['openid', 'email', 'profile', 'aws.cognito.signin.user.admin']);
    expect(client.GenerateSecret).toBe(false);
    expect(client.SupportedIdentityProviders).toEqual(['COGNITO']);
  });

  it('allows only the flows managed login needs: SRP password sign-in and refresh, never plain USER_PASSWORD_AUTH', () => {
    const client = onlyResource('AWS::Cognito::UserPoolClient');
    expect(client.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
  });
});
