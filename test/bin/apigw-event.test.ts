import { buildApiGatewayEvent, replyFromResult, serviceOf, type IncomingRequest } from '../../bin/local/apigw-event';

function request(overrides: Partial<IncomingRequest> = {}): IncomingRequest {
  return {
    method: 'GET',
    url: '/api/user/abilities',
    rawHeaders: ['Host', 'localhost:3000', 'User-Agent', 'test-agent'],
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
    requestId: 'req-1',
    now: new Date(Date.UTC(2024, 2, 5, 7, 8, 9)),
    ...overrides,
  };
}

describe('buildApiGatewayEvent', () => {
  it('builds a payload format 2.0 event with the proxy route of the service', () => {
    const event = buildApiGatewayEvent(request({ method: 'post', url: '/api/user/42/tag?x=1' }), 'user');
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('ANY /api/user/{proxy+}');
    expect(event.rawPath).toBe('/api/user/42/tag');
    expect(event.pathParameters).toEqual({ proxy: '42/tag' });
    expect(event.requestContext.http).toEqual({
      method: 'POST',
      path: '/api/user/42/tag',
      protocol: 'HTTP/1.1',
      sourceIp: '127.0.0.1',
      userAgent: 'test-agent',
    });
    expect(event.requestContext.requestId).toBe('req-1');
    expect(event.requestContext.domainName).toBe('localhost');
    expect(event.requestContext.time).toBe('05/Mar/2024:07:08:09 +0000');
    expect(event.requestContext.timeEpoch).toBe(Date.UTC(2024, 2, 5, 7, 8, 9));
  });

  it('uses the service root route when there is no sub-path', () => {
    const event = buildApiGatewayEvent(request({ url: '/api/user' }), 'user');
    expect(event.routeKey).toBe('ANY /api/user');
    expect(event.pathParameters).toBeUndefined();
  });

  it('keeps the raw query string and decodes parameters, joining repeated keys with commas', () => {
    const event = buildApiGatewayEvent(request({ url: '/api/user/get-users?id=a&id=b&name=J%C3%B6rg%20K&flag&where%5Bname%5D=x' }), 'user');
    expect(event.rawQueryString).toBe('id=a&id=b&name=J%C3%B6rg%20K&flag&where%5Bname%5D=x');
    expect(event.queryStringParameters).toEqual({ id: 'a,b', name: 'Jörg K', flag: '', 'where[name]': 'x' });
  });

  it('has no query parameters without a query string', () => {
    const event = buildApiGatewayEvent(request(), 'user');
    expect(event.rawQueryString).toBe('');
    expect(event.queryStringParameters).toBeUndefined();
  });

  it('passes a malformed escape through unchanged instead of failing', () => {
    const event = buildApiGatewayEvent(request({ url: '/api/user/x?q=100%' }), 'user');
    expect(event.queryStringParameters).toEqual({ q: '100%' });
  });

  it('lower-cases header names, joins duplicates and moves cookies to their own field', () => {
    const event = buildApiGatewayEvent(
      request({
        rawHeaders: ['Host', 'localhost:3000', 'X-Trace', 'a', 'x-trace', 'b', 'Cookie', 'fm_session=abc; theme=dark', 'Accept', 'application/json'],
      }),
      'user',
    );
    expect(event.headers).toEqual({ host: 'localhost:3000', 'x-trace': 'a,b', accept: 'application/json' });
    expect(event.cookies).toEqual(['fm_session=abc', 'theme=dark']);
  });

  it('omits cookies when the request has none', () => {
    expect(buildApiGatewayEvent(request(), 'user').cookies).toBeUndefined();
  });

  it('passes JSON bodies as text', () => {
    const body = Buffer.from(JSON.stringify({ name: 'Zoë' }));
    const event = buildApiGatewayEvent(
      request({ method: 'POST', rawHeaders: ['Content-Type', 'application/json; charset=utf-8'], body }),
      'user',
    );
    expect(event.isBase64Encoded).toBe(false);
    expect(JSON.parse(event.body!)).toEqual({ name: 'Zoë' });
  });

  it('base64-encodes multipart and binary bodies byte for byte', () => {
    const bytes = Buffer.from([0, 255, 1, 254, 10, 13]);
    const multipart = buildApiGatewayEvent(
      request({ method: 'POST', rawHeaders: ['Content-Type', 'multipart/form-data; boundary=x'], body: bytes }),
      'file',
    );
    expect(multipart.isBase64Encoded).toBe(true);
    expect(Buffer.from(multipart.body!, 'base64').equals(bytes)).toBe(true);

    const image = buildApiGatewayEvent(request({ method: 'PUT', rawHeaders: ['Content-Type', 'image/png'], body: bytes }), 'file');
    expect(image.isBase64Encoded).toBe(true);
  });

  it('has no body for an empty request', () => {
    const event = buildApiGatewayEvent(request(), 'user');
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });
});

describe('serviceOf', () => {
  it('reads the service from /api/<service>/...', () => {
    expect(serviceOf('/api/user/1')).toBe('user');
    expect(serviceOf('/api/app')).toBe('app');
    expect(serviceOf('/api/app?x=1')).toBe('app');
    expect(serviceOf('/oidc/auth')).toBeUndefined();
    expect(serviceOf('/api/')).toBeUndefined();
  });
});

describe('replyFromResult', () => {
  it('turns cookies into Set-Cookie headers and keeps status and headers', () => {
    const reply = replyFromResult({
      statusCode: 302,
      headers: { Location: '/tracks' },
      cookies: ['a=1; Path=/', 'b=2; Path=/'],
      body: '',
    });
    expect(reply.status).toBe(302);
    expect(reply.headers).toEqual({ location: '/tracks', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
  });

  it('decodes base64 bodies', () => {
    const reply = replyFromResult({ statusCode: 200, body: Buffer.from([1, 2, 3]).toString('base64'), isBase64Encoded: true });
    expect([...reply.body]).toEqual([1, 2, 3]);
  });

  it('defaults to 200 when the handler gives no status', () => {
    expect(replyFromResult({ body: '{"ok":true}' }).status).toBe(200);
    expect(replyFromResult('"plain"').body.toString()).toBe('"plain"');
  });
});
