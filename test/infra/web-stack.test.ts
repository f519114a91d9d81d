import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { overridesOrigin, securityHeaders } from '../../infra/security-headers';
import { SYNTH_TIMEOUT, synthFormation, TEST_CERTIFICATE, TEST_DOMAIN } from './support/synth-formation';

let web: Template;
beforeAll(() => {
  web = synthFormation().templates.web;
}, SYNTH_TIMEOUT);

function distributionConfig(): Record<string, any> {
  const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution')) as any[];
  return distribution.Properties.DistributionConfig;
}

function securityHeadersConfig(): Record<string, any> {
  const [policy] = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as any[];
  return policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
}

/** A string the template builds (Fn::Join), with each reference written as <reference>. */
function renderToken(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(renderToken).join(join[0]);
  return `<${JSON.stringify(value)}>`;
}

/** What CloudFront sends for a SecurityHeadersConfig (its documented wire format), with each header's Override. */
function cloudFrontWireHeaders(config: Record<string, any>): { name: string; value: string; override: boolean }[] {
  const hsts = config.StrictTransportSecurity;
  return [
    { name: 'strict-transport-security', value: `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`, override: hsts.Override },
    { name: 'content-security-policy', value: renderToken(config.ContentSecurityPolicy.ContentSecurityPolicy), override: config.ContentSecurityPolicy.Override },
    { name: 'x-content-type-options', value: 'nosniff', override: config.ContentTypeOptions.Override },
    { name: 'x-frame-options', value: config.FrameOptions.FrameOption, override: config.FrameOptions.Override },
    { name: 'referrer-policy', value: config.ReferrerPolicy.ReferrerPolicy, override: config.ReferrerPolicy.Override },
  ];
}

/** Runs the CloudFront Function's code as CloudFront would, on one request path. */
function viewerRequestUri(uri: string): string {
  const [fn] = Object.values(web.findResources('AWS::CloudFront::Function')) as any[];
  const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => { uri: string };
  return handler({ request: { uri, headers: {} } }).uri;
}

describe('the distribution', () => {
  it('routes /api/* to the HTTP API, uncached, with every viewer header but Host', () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(api.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
  });

  it('serves the site from the private bucket through Origin Access Control, redirecting HTTP to HTTPS', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    const origin = config.Origins.find((o: any) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultRootObject).toBe('index.html');
  });

  it('answers client-side routes with index.html but leaves files, and the API, alone', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [Object.keys(web.findResources('AWS::CloudFront::Function'))[0], 'FunctionARN'] } }]);
    expect(viewerRequestUri('/')).toBe('/index.html');
    expect(viewerRequestUri('/tracks/01HZX/steps')).toBe('/index.html');
    expect(viewerRequestUri('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(viewerRequestUri('/favicon.svg')).toBe('/favicon.svg');
    // Distribution-wide error pages would also rewrite the API's 403/404 answers.
    expect(config.CustomErrorResponses).toBeUndefined();
    const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(api.FunctionAssociations).toBeUndefined();
  });

  it('proves to the API that a request came through CloudFront, over TLS 1.2 only', () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: '{{resolve:secretsmanager:Formation-Api/origin-verify:SecretString:::}}' }]);
    expect(origin.CustomOriginConfig.OriginSSLProtocols).toEqual(['TLSv1.2']);
  });

  it('is guarded by the edge stack\'s web ACL and writes standard logs to the log bucket', () => {
    const config = distributionConfig();
    expect(JSON.stringify(config.WebACLId)).toMatch(/Formation-Edge.*WebAcl.*Arn/);
    expect(config.Logging.Prefix).toBe('cloudfront/');
    expect(JSON.stringify(config.Logging.Bucket)).toMatch(/Formation-Data.*Logs.*DomainName/);
  });

  it('answers on the custom domain with its certificate', () => {
    const config = distributionConfig();
    expect(config.Aliases).toEqual([TEST_DOMAIN]);
    expect(config.ViewerCertificate.AcmCertificateArn).toBe(TEST_CERTIFICATE);
    expect(config.ViewerCertificate.MinimumProtocolVersion).toBe('TLSv1.2_2021');
  });

  it('adds HSTS, a same-origin CSP without framing, nosniff and a referrer policy to every response', () => {
    const config = distributionConfig();
    const [policyId] = Object.keys(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*').ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const headers = securityHeadersConfig();
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const csp = renderToken(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' https:\/\/.*Uploads/);
  });

  it('sends exactly the headers of the one definition the local runtime serves (infra/security-headers.ts)', () => {
    const headers = securityHeadersConfig();
    const csp = renderToken(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    // The bucket's two hosts, as the template names them: the definition gets the same placeholders.
    const uploadOrigins = [...csp.matchAll(/connect-src 'self' ([^;]+);/g)][0][1].split(' ');
    expect(uploadOrigins).toHaveLength(2);
    expect(cloudFrontWireHeaders(headers)).toEqual(securityHeaders({ uploadOrigins, https: true }).map(({ name, value }) => ({ name, value, override: overridesOrigin(name) })));
    // An API page's own, stricter CSP (unsubscribe: default-src 'none') survives; the rest is replaced.
    expect(headers.ContentSecurityPolicy.Override).toBe(false);
  });
});

describe('without a custom domain', () => {
  it('uses CloudFront\'s own certificate, whose viewer policy CloudFront fixes (no minimum can be set)', () => {
    const plain = synthFormation({}).templates.web;
    const [distribution] = Object.values(plain.findResources('AWS::CloudFront::Distribution')) as any[];
    expect(distribution.Properties.DistributionConfig.Aliases).toBeUndefined();
    expect(distribution.Properties.DistributionConfig.ViewerCertificate).toBeUndefined();
  }, SYNTH_TIMEOUT);
});

describe('the site bucket', () => {
  it('logs every request to the log bucket', () => {
    web.hasResourceProperties('AWS::S3::Bucket', { LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3-access/site/' }) });
  });

  it('is private and refuses plain HTTP', () => {
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('receives the built SPA: hashed assets cached for a year, pages revalidated and invalidated', () => {
    const deployments = Object.values(web.findResources('Custom::CDKBucketDeployment')).map((d: any) => d.Properties);
    const hashed = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/');
    const pages = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined);
    expect(hashed.SystemMetadata['cache-control']).toContain('immutable');
    expect(pages.SystemMetadata['cache-control']).toBe('no-cache');
    expect(pages.DistributionPaths).toEqual(['/*']);
  });
});
