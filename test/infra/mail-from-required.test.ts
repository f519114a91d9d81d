import { readSettings } from '../../infra/settings';

const noContext = () => undefined;
const ACCOUNT = { CDK_DEFAULT_ACCOUNT: '123456789012', CDK_DEFAULT_REGION: 'eu-west-1' };

describe('mailFrom when the account is known', () => {
  it('fails the synth without mailFrom once the CDK knows the account (a deploy is coming)', () => {
    expect(() => readSettings(noContext, ACCOUNT)).toThrow(/mailFrom: required to deploy to account 123456789012/);
    expect(() => readSettings(noContext, { ...ACCOUNT, APP_DOMAIN: 'd111.cloudfront.net' })).toThrow(/mailFrom/);
  });

  it('passes with mailFrom from context or the environment', () => {
    expect(readSettings((key) => (key === 'mailFrom' ? 'office@conference.org' : undefined), ACCOUNT).mailFrom).toBe('office@conference.org');
    expect(readSettings(noContext, { ...ACCOUNT, MAIL_FROM: 'office@conference.org' }).warnings.join('\n')).not.toMatch(/mailFrom/);
  });

  it('only warns offline, where no account is known (npm run synth with no credentials)', () => {
    const settings = readSettings(noContext, {});
    expect(settings.mailFrom).toBe('no-reply@example.org');
    expect(settings.warnings.join('\n')).toMatch(/mailFrom is not set/);
  });
});
