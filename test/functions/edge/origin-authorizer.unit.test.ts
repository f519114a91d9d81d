import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { cameThroughOrigin, handler } from '../../../functions/edge/origin-authorizer';
import { forgetSecrets, secretSeams } from '../../../functions/lib/secrets';

const SECRET = 'the-secret-cloudfront-sends';
const event = (headers: Record<string, string>) => ({ headers }) as unknown as APIGatewayRequestAuthorizerEventV2;

describe('the origin authorizer', () => {
  it('lets through only the exact secret in x-origin-verify', () => {
    expect(cameThroughOrigin({ 'x-origin-verify': SECRET }, [SECRET])).toBe(true);
    for (const wrong of ['', 'the-secret-cloudfront-send', `${SECRET} `, SECRET.toUpperCase()]) {
      expect(cameThroughOrigin({ 'x-origin-verify': wrong }, [SECRET]), wrong).toBe(false);
    }
    expect(cameThroughOrigin({}, [SECRET])).toBe(false);
    // Another header carrying the secret is not the origin header.
    expect(cameThroughOrigin({ authorization: SECRET }, [SECRET])).toBe(false);
  });

  it('refuses everything when no secret is configured (fails closed, unlike the services, which are open off AWS)', () => {
    expect(cameThroughOrigin({ 'x-origin-verify': 'anything' }, [])).toBe(false);
    expect(cameThroughOrigin({ 'x-origin-verify': '' }, [''])).toBe(false);
  });

  it('accepts the previous secret beside the current one while a rotation reaches CloudFront', () => {
    expect(cameThroughOrigin({ 'x-origin-verify': 'old-value' }, [SECRET, 'old-value'])).toBe(true);
    expect(cameThroughOrigin({ 'x-origin-verify': 'older-value' }, [SECRET, 'old-value'])).toBe(false);
  });

  describe('as a Lambda handler (payload 2.0, simple response)', () => {
    const saved = process.env.ORIGIN_VERIFY_SECRET;
    afterEach(() => {
      if (saved === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
      else process.env.ORIGIN_VERIFY_SECRET = saved;
    });

    it('answers isAuthorized from the configured secret', async () => {
      process.env.ORIGIN_VERIFY_SECRET = SECRET;
      expect(await handler(event({ 'x-origin-verify': SECRET }))).toEqual({ isAuthorized: true });
      expect(await handler(event({ 'x-origin-verify': 'guess' }))).toEqual({ isAuthorized: false });
    });

    it('reads the secret from Secrets Manager as the services do, accepting the previous value during a rotation', async () => {
      const read = secretSeams.read;
      process.env.ORIGIN_VERIFY_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:Formation-Api/origin-verify-AbCdEf';
      secretSeams.read = async (_arn, stage) => (stage === 'AWSCURRENT' ? SECRET : 'the-previous-value');
      try {
        expect(await handler(event({ 'x-origin-verify': SECRET }))).toEqual({ isAuthorized: true });
        expect(await handler(event({ 'x-origin-verify': 'the-previous-value' }))).toEqual({ isAuthorized: true });
        expect(await handler(event({ 'x-origin-verify': 'guess' }))).toEqual({ isAuthorized: false });
      } finally {
        secretSeams.read = read;
        delete process.env.ORIGIN_VERIFY_SECRET_ARN;
        forgetSecrets();
      }
    });

    it('refuses, and says why once, when the secret is missing', async () => {
      delete process.env.ORIGIN_VERIFY_SECRET;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        expect(await handler(event({ 'x-origin-verify': SECRET }))).toEqual({ isAuthorized: false });
        expect(await handler(event({ 'x-origin-verify': SECRET }))).toEqual({ isAuthorized: false });
        expect(errors).toHaveBeenCalledTimes(1);
        expect(String(errors.mock.calls[0][0])).toContain('ORIGIN_VERIFY_SECRET is not set');
      } finally {
        errors.mockRestore();
      }
    });
  });
});
