import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, FRAME_OPTION, HSTS, overridesOrigin, REFERRER_POLICY } from '../security-headers';

/** CDK's enum member for a header value of the definition; a value CDK does not know fails the synth. */
function enumMember<T extends string>(values: Record<string, T>, value: string, what: string): T {
  const member = Object.values(values).find((candidate) => candidate === value);
  if (!member) throw new Error(`${what} ${value} has no CloudFront equivalent`);
  return member;
}

/** CloudFront's response headers policy, mapped from the one definition the local runtime also serves (infra/security-headers.ts). */
export function securityHeadersPolicy(scope: Construct, id: string, uploadOrigins: readonly string[]): cloudfront.ResponseHeadersPolicy {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: 'HSTS, CSP, nosniff, no framing, referrer policy (infra/security-headers.ts)',
    securityHeadersBehavior: {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
        includeSubdomains: HSTS.includeSubdomains,
        override: overridesOrigin('strict-transport-security'),
      },
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({ uploadOrigins, https: true }),
        override: overridesOrigin('content-security-policy'),
      },
      contentTypeOptions: { override: overridesOrigin('x-content-type-options') },
      frameOptions: { frameOption: enumMember(cloudfront.HeadersFrameOption, FRAME_OPTION, 'X-Frame-Options'), override: overridesOrigin('x-frame-options') },
      referrerPolicy: {
        referrerPolicy: enumMember(cloudfront.HeadersReferrerPolicy, REFERRER_POLICY, 'Referrer-Policy'),
        override: overridesOrigin('referrer-policy'),
      },
    },
  });
}
