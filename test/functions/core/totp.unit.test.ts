import { base32Decode, base32Encode, hotp, otpauthUri, totpCode, totpMatches, newTotpSecret } from '../../../functions/core/identity/totp';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238, SHA-1)', () => {
  it('gives the RFC 4226 HOTP values (6 digits)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the RFC 6238 SHA-1 value at %i s', (seconds, code) => {
    expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
    // Six digits are the last six of the eight.
    expect(totpCode(base32Encode(RFC_KEY), seconds * 1000)).toBe(code.slice(2));
  });

  it('accepts the step before and after, nothing further, and only six digits', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1111111111_000;
    expect(totpMatches(secret, totpCode(secret, now), now)).toBe(true);
    expect(totpMatches(secret, totpCode(secret, now - 30_000), now)).toBe(true);
    expect(totpMatches(secret, totpCode(secret, now + 30_000), now)).toBe(true);
    expect(totpMatches(secret, totpCode(secret, now - 60_000), now)).toBe(false);
    expect(totpMatches(secret, totpCode(secret, now + 60_000), now)).toBe(false);
    expect(totpMatches(secret, `${totpCode(secret, now)}0`, now)).toBe(false);
    expect(totpMatches(secret, '', now)).toBe(false);
  });

  it('round-trips base32 and reads it in any case with spaces', () => {
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_KEY);
    expect(() => base32Decode('not base32!')).toThrow();
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it('builds the otpauth URI authenticator apps import', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'sam@example.org'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Formation Tracks:sam@example.org');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Formation Tracks', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
