import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

/**
 * The page may only load its own code. Browsers talk to one other origin: the uploads
 * bucket (presigned POST uploads, presigned GET images such as avatars).
 */
export function contentSecurityPolicy(uploadOrigins: readonly string[]): string {
  const uploads = uploadOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // The rich-text editor and react-aria position elements with inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${uploads}`,
    "font-src 'self' data:",
    `connect-src 'self' ${uploads}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export function securityHeadersPolicy(scope: Construct, id: string, uploadOrigins: readonly string[]): cloudfront.ResponseHeadersPolicy {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: 'HSTS, CSP, nosniff, no framing, referrer policy',
    securityHeadersBehavior: {
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(uploadOrigins), override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
  });
}
