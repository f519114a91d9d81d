import type { OutgoingHttpHeaders } from 'node:http';
import { overridesOrigin, securityHeaders, type SecurityHeader } from '../../infra/security-headers';

/**
 * What CloudFront's response headers policy adds in AWS, added here by the local runtime to
 * the SPA's files and to /api answers: the same definition (infra/security-headers.ts) with the
 * local origins in place of the real hosts.
 */
export interface EdgeHeaders {
  /** The origin's own headers with the policy's applied over them, as CloudFront merges them. */
  apply(own: OutgoingHttpHeaders): OutgoingHttpHeaders;
}

export interface LocalEdgeOptions {
  /** The app's public URL (APP_URL): https turns on HSTS and upgrade-insecure-requests, as in AWS. */
  appUrl: string;
  /** Where presigned upload and download URLs point (the local S3 stand-in, or S3_ENDPOINT). */
  uploadsUrl: string;
  /**
   * Vite's hot reload runs an inline script: in dev mode the CSP is sent as Report-Only, so
   * violations show in the console without breaking the page.
   */
  reportOnly?: boolean;
}

export function localSecurityHeaders(options: Omit<LocalEdgeOptions, 'reportOnly'>): SecurityHeader[] {
  return securityHeaders({ uploadOrigins: [new URL(options.uploadsUrl).origin], https: new URL(options.appUrl).protocol === 'https:' });
}

export function localEdgeHeaders(options: LocalEdgeOptions): EdgeHeaders {
  const headers = localSecurityHeaders(options).map((header) =>
    options.reportOnly && header.name === 'content-security-policy' ? { ...header, name: 'content-security-policy-report-only' } : header,
  );
  return {
    apply(own) {
      const merged: OutgoingHttpHeaders = { ...own };
      const ownNames = new Map(Object.keys(own).map((name) => [name.toLowerCase(), name]));
      for (const { name, value } of headers) {
        const existing = ownNames.get(name);
        if (existing !== undefined && !overridesOrigin(name)) continue;
        if (existing !== undefined) delete merged[existing];
        merged[name] = value;
      }
      return merged;
    },
  };
}
