import { localEdgeHeaders } from '../../bin/local/edge-headers';
import { contentSecurityPolicy } from '../../infra/security-headers';

const local = { appUrl: 'http://localhost:3000', uploadsUrl: 'http://127.0.0.1:4569' };

describe('the local edge headers', () => {
  it('are the production policy with the local uploads stand-in, and no HSTS or upgrade over http', () => {
    const headers = localEdgeHeaders(local).apply({});
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy({ uploadOrigins: ['http://127.0.0.1:4569'], https: false }));
    expect(headers['content-security-policy']).toContain("connect-src 'self' http://127.0.0.1:4569;");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
  });

  it('send HSTS and upgrade-insecure-requests when the app is served over https, as CloudFront does', () => {
    const headers = localEdgeHeaders({ ...local, appUrl: 'https://formation.example.org' }).apply({});
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toMatch(/; upgrade-insecure-requests$/);
  });

  it('merge as CloudFront does: an origin\'s own CSP is kept, the other headers are replaced whatever their case', () => {
    const headers = localEdgeHeaders(local).apply({ 'Content-Security-Policy': "default-src 'none'", 'X-Frame-Options': 'SAMEORIGIN', 'content-type': 'text/html' });
    expect(headers['Content-Security-Policy']).toBe("default-src 'none'");
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['X-Frame-Options']).toBeUndefined();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-type']).toBe('text/html');
  });

  it('send the CSP as Report-Only in dev mode, where Vite\'s hot reload runs an inline script', () => {
    const headers = localEdgeHeaders({ ...local, reportOnly: true }).apply({});
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['content-security-policy-report-only']).toContain("script-src 'self'");
  });
});
