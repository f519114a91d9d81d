import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApiRequest } from '../../bin/local/api-gateway';
import { collectHeaders } from '../../bin/local/apigw-event';
import { localOriginSecret, originGate, withOriginHeader } from '../../bin/local/origin-gate';

describe('the local origin gate (CloudFront and the HTTP API authorizer, locally)', () => {
  const secret = 'the-local-origin-secret';

  it('adds the origin header as CloudFront does, replacing a value the viewer sent', () => {
    const raw = withOriginHeader(['Host', 'localhost', 'X-Origin-Verify', 'forged', 'x-origin-verify', 'again'], secret);
    expect(collectHeaders(raw).headers).toEqual({ host: 'localhost', 'x-origin-verify': secret });
  });

  it('answers as API Gateway would: 401 without the header (the authorizer is not asked), 403 for a wrong value', () => {
    expect(originGate({}, secret)).toEqual({ status: 401, message: 'Unauthorized' });
    expect(originGate({ 'x-origin-verify': '' }, secret)).toEqual({ status: 401, message: 'Unauthorized' });
    expect(originGate({ 'x-origin-verify': 'guess' }, secret)).toEqual({ status: 403, message: 'Forbidden' });
    expect(originGate({ 'x-origin-verify': secret }, secret)).toBeUndefined();
  });

  it('uses ORIGIN_VERIFY_SECRET when it is set, so the services check the same value', () => {
    const saved = process.env.ORIGIN_VERIFY_SECRET;
    try {
      delete process.env.ORIGIN_VERIFY_SECRET;
      const generated = localOriginSecret();
      expect(generated.length).toBeGreaterThanOrEqual(32);
      expect(localOriginSecret()).toBe(generated);
      process.env.ORIGIN_VERIFY_SECRET = secret;
      expect(localOriginSecret()).toBe(secret);
    } finally {
      if (saved === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
      else process.env.ORIGIN_VERIFY_SECRET = saved;
    }
  });

  describe('through the local API gateway', () => {
    let server: Server;
    let origin: string;
    const saved = process.env.ORIGIN_VERIFY_SECRET;
    const savedLevel = process.env.LOG_LEVEL;
    beforeAll(async () => {
      process.env.LOG_LEVEL = 'silent';
      // The services check the secret too: the request reaches them only with the one the gate added.
      process.env.ORIGIN_VERIFY_SECRET = secret;
      server = createServer((req, res) => void handleApiRequest(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      if (saved === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
      else process.env.ORIGIN_VERIFY_SECRET = saved;
      if (savedLevel === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = savedLevel;
      await new Promise((resolve) => server.close(resolve));
    });

    it('serves a request that came through the app address, whatever origin header the browser sent', async () => {
      expect((await fetch(`${origin}/api/app/health`)).status).toBe(200);
      expect((await fetch(`${origin}/api/app/health`, { headers: { 'x-origin-verify': 'forged' } })).status).toBe(200);
    }, 60_000); // the first request loads the app service's handler, seconds on a busy machine
  });
});
