import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { DEFAULT_API_RATE_LIMIT, DEFAULT_SIGN_IN_RATE_LIMIT, PLACEHOLDER_APP_DOMAIN, readSettings } from '../../infra/settings';
import { SYNTH_TIMEOUT, synthFormation, TEST_CERTIFICATE } from './support/synth-formation';

const noContext = () => undefined;

describe('deployment settings', () => {
  it('prefers CDK context over environment variables', () => {
    const settings = readSettings((key) => (key === 'appDomain' ? 'd111.cloudfront.net' : undefined), { APP_DOMAIN: 'other.cloudfront.net' });
    expect(settings.appUrl).toBe('https://d111.cloudfront.net');
  });

  it('refuses a custom domain without a certificate, and a certificate outside us-east-1', () => {
    expect(() => readSettings(noContext, { APP_DOMAIN: 'formation.example.org' })).toThrow(/certificateArn/);
    expect(() => readSettings(noContext, { APP_DOMAIN: 'formation.example.org', CERTIFICATE_ARN: TEST_CERTIFICATE.replace('us-east-1', 'eu-west-1') })).toThrow(/us-east-1/);
    expect(readSettings(noContext, { APP_DOMAIN: 'formation.example.org', CERTIFICATE_ARN: TEST_CERTIFICATE }).certificateArn).toBe(TEST_CERTIFICATE);
  });

  it('takes the SES identity from the sender domain unless told otherwise', () => {
    expect(readSettings(noContext, { MAIL_FROM: 'office@conference.org' }).sesIdentity).toBe('conference.org');
    expect(readSettings(noContext, { MAIL_FROM: 'office@conference.org', SES_IDENTITY: 'office@conference.org' }).sesIdentity).toBe('office@conference.org');
  });

  it('rejects Cognito prefixes Cognito would reject, and retention periods CloudWatch does not offer', () => {
    expect(() => readSettings(noContext, { COGNITO_DOMAIN_PREFIX: 'my-cognito-login' })).toThrow(/cognito/);
    expect(() => readSettings(noContext, { LOG_RETENTION_DAYS: '31' })).toThrow(/retention/);
    expect(readSettings(noContext, { LOG_RETENTION_DAYS: '90' }).logRetentionDays).toBe(90);
  });

  it('takes the WAF limits, the MFA policy and the alarm address, with defaults', () => {
    const defaults = readSettings(noContext, {});
    expect(defaults).toMatchObject({ apiRateLimit: DEFAULT_API_RATE_LIMIT, signInRateLimit: DEFAULT_SIGN_IN_RATE_LIMIT, mfa: 'optional', alarmEmail: undefined });
    const set = readSettings(noContext, { API_RATE_LIMIT: '500', SIGN_IN_RATE_LIMIT: '20', MFA: 'required', ALARM_EMAIL: 'ops@conference.org' });
    expect(set).toMatchObject({ apiRateLimit: 500, signInRateLimit: 20, mfa: 'required', alarmEmail: 'ops@conference.org' });
    expect(() => readSettings(noContext, { SIGN_IN_RATE_LIMIT: '5' })).toThrow(/signInRateLimit: at least 10/);
    expect(() => readSettings(noContext, { MFA: 'sometimes' })).toThrow(/mfa/);
    expect(() => readSettings(noContext, { ALARM_EMAIL: 'ops' })).toThrow(/alarmEmail/);
  });

  it('works with nothing set, warning about what a real deploy needs', () => {
    const settings = readSettings(noContext, {});
    expect(settings.appDomain).toBe(PLACEHOLDER_APP_DOMAIN);
    expect(settings.warnings.join('\n')).toMatch(/appDomain is not set[\s\S]*mailFrom is not set/);
  });
});

describe('offline synth', () => {
  it('produces valid CloudFormation with no settings at all, and says what is missing', () => {
    const { stacks } = synthFormation({}, { validate: true });
    const warnings = Annotations.fromStack(stacks.auth).findWarning('*', Match.stringLikeRegexp('appDomain is not set'));
    expect(warnings).toHaveLength(1);
  }, SYNTH_TIMEOUT);
});
