/**
 * The one definition of the security headers every response of the app carries: CloudFront's
 * response headers policy (infra/constructs/security-headers.ts) maps it, and the local runtime
 * (bin/local/edge-headers.ts) sends it. Plain data on purpose: no aws-cdk-lib import, so the
 * local runtime loads it without CDK.
 */

/** Where the browser reaches beyond the app's own origin, and over what. */
export interface HeaderSite {
  /** Origins of the uploads bucket: presigned POST uploads, presigned GET images (avatars) and downloads. */
  uploadOrigins: readonly string[];
  /** The app is served over https: HSTS and upgrade-insecure-requests apply (both are meaningless, or harmful, over http). */
  https: boolean;
}

export const HSTS = { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true } as const;
export const FRAME_OPTION = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The page may only run and load its own code; the uploads bucket is the one other origin it talks to. */
export function contentSecurityPolicy(site: HeaderSite): string {
  const directives: string[][] = [
    ["default-src 'self'"],
    ["script-src 'self'"],
    // Tiptap and the avatar cropper inject <style> elements (React's style props go through the CSSOM, which CSP leaves alone).
    ["style-src 'self' 'unsafe-inline'"],
    ["img-src 'self' data: blob:", ...site.uploadOrigins],
    ["font-src 'self' data:"],
    ["connect-src 'self'", ...site.uploadOrigins],
    ["object-src 'none'"],
    ["base-uri 'self'"],
    ["form-action 'self'"],
    ["frame-ancestors 'none'"],
  ];
  // Over http it would send the page's own requests, and the local uploads stand-in's, to https.
  if (site.https) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * Headers whose value from the origin wins over ours (CloudFront's `override: false`); every
 * other header replaces the origin's. The CSP: the API's HTML pages (unsubscribe) send a stricter
 * one (`default-src 'none'`), and the site's files send none.
 */
const ORIGIN_MAY_SET = new Set(['content-security-policy']);

export function overridesOrigin(name: string): boolean {
  return !ORIGIN_MAY_SET.has(name);
}

export interface SecurityHeader {
  /** Lower case, as HTTP/2 sends it. */
  name: string;
  value: string;
}

/** The headers as they reach the browser, in CloudFront's wire format. */
export function securityHeaders(site: HeaderSite): SecurityHeader[] {
  return [
    // Browsers ignore HSTS received over http (RFC 6797 section 8.1).
    ...(site.https ? [{ name: 'strict-transport-security', value: `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}` }] : []),
    { name: 'content-security-policy', value: contentSecurityPolicy(site) },
    { name: 'x-content-type-options', value: 'nosniff' },
    { name: 'x-frame-options', value: FRAME_OPTION },
    { name: 'referrer-policy', value: REFERRER_POLICY },
  ];
}
