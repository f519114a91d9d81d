import { Annotations, type CfnElement, CfnOutput, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { acknowledge, nagEnvironment } from '../constructs/acknowledge';
import { LOG_PREFIXES } from '../constructs/log-bucket';
import { PrivateBucket } from '../constructs/private-bucket';
import { securityHeadersPolicy } from '../constructs/security-headers';
import { spaFallbackFunction } from '../constructs/spa-fallback';
import { ORIGIN_VERIFY_HEADER } from './api-stack';

export interface WebStackProps extends StackProps {
  httpApi: apigw.IHttpApi;
  uploads: s3.IBucket;
  appDomain: string;
  /** Set: CloudFront answers on appDomain with this us-east-1 certificate. */
  certificateArn?: string;
  /** The built SPA (web/dist); when missing the site files are not deployed (synth still works). */
  siteDir: string;
  /** CloudFront standard logs and the site bucket's access logs go here. */
  logBucket: s3.IBucket;
  /** The us-east-1 web ACL (edge stack). */
  webAclArn: string;
  /** Sent to the API in ORIGIN_VERIFY_HEADER: the API answers only requests that came through here. */
  originVerifySecret: string;
}

/** Vite puts content-hashed files here; they never change, so browsers may keep them forever. */
const HASHED_ASSETS_DIR = 'assets';

/** One origin for the browser: the SPA from a private bucket, /api/* from the HTTP API. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly site: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // Rebuilt on every deploy, so it may go with the stack.
    this.site = new PrivateBucket(this, 'Site', { logBucket: props.logBucket, removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true });

    const headers = securityHeadersPolicy(this, 'SecurityHeaders', [
      `https://${props.uploads.bucketRegionalDomainName}`,
      `https://${props.uploads.bucketDomainName}`,
    ]);
    const api: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(Fn.parseDomainName(props.httpApi.apiEndpoint), {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret },
      }),
      // A redirect would drop a POST body; the SPA only ever calls over HTTPS anyway.
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Cookies, query strings and headers reach the API; Host must be the API's own.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };

    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: 'Formation Tracks: the SPA, and /api/* to the HTTP API',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaFallbackFunction(this, 'SpaFallback'), eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: { '/api/*': api },
      ...(props.certificateArn
        ? {
            domainNames: [props.appDomain],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: LOG_PREFIXES.cloudFront,
      // North America and Europe edges only: the cheapest class, ample for a conference.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    });

    acknowledge(this.distribution, {
      CFR1: 'A conference serves its members wherever they are (travel, mission trips); blocking countries would lock them out, and abuse is handled by the web ACL.',
      ...(props.certificateArn
        ? {}
        : { CFR4: 'Without a custom domain CloudFront serves its own *.cloudfront.net certificate, and with it the viewer security policy is always TLSv1 (CloudFront ignores a minimum). With certificateArn set, viewers need TLS 1.2 (TLSv1.2_2021).' }),
    });

    this.deploySite(props.siteDir);

    new CfnOutput(this, 'AppUrl', { value: `https://${props.appDomain}` });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.distribution.distributionDomainName,
      description: props.certificateArn ? `Point ${props.appDomain} (CNAME or alias) here` : 'Use as appDomain if you have no custom domain',
    });
  }

  /** Hashed files first (cached a year), then index.html and the rest (revalidated), so a new page never points at missing files. */
  private deploySite(siteDir: string): void {
    if (!existsSync(join(siteDir, 'index.html'))) {
      Annotations.of(this).addWarningV2('formation:site-not-built', `${siteDir} has no index.html: the site files are not deployed. Run npm run build:web first (npm run deploy does).`);
      return;
    }
    const destinationBucket = this.site;
    // Old hashed files stay (no prune): an open tab may still load a lazy chunk of the previous release.
    const hashed = existsSync(join(siteDir, HASHED_ASSETS_DIR))
      ? new s3deploy.BucketDeployment(this, 'HashedAssets', {
          sources: [s3deploy.Source.asset(join(siteDir, HASHED_ASSETS_DIR), { exclude: ['*.map'] })],
          destinationBucket,
          destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        })
      : undefined;
    const pages = new s3deploy.BucketDeployment(this, 'Pages', {
      sources: [s3deploy.Source.asset(siteDir, { exclude: [HASHED_ASSETS_DIR, '*.map'] })],
      destinationBucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (hashed) pages.node.addDependency(hashed);
    this.acknowledgeDeploymentHandler();
  }

  /** BucketDeployment's handler is one CDK-owned function per stack; its role and runtime are CDK's. */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const { account, region } = nagEnvironment(this);
    const siteId = this.resolve(this.getLogicalId(this.site.node.defaultChild as CfnElement)) as string;
    const why = 'CDK\'s BucketDeployment handler copies the built site from the CDK asset bucket into the site bucket and invalidates the distribution; CDK writes its policy, scoped to those two buckets.';
    acknowledge(handler, {
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]': `${why} Its logging policy is CDK's choice too.`,
      L1: 'CDK picks and updates the runtime of its own BucketDeployment handler with each aws-cdk-lib release.',
      ...Object.fromEntries(
        [
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${account}-${region}/*`,
          `Resource::<${siteId}.Arn>/*`,
          'Resource::*',
        ].map((finding) => [`IAM5[${finding}]`, finding === 'Resource::*' ? 'cloudfront:CreateInvalidation has no resource-level scoping in the policy CDK writes; the handler only invalidates this distribution.' : why]),
      ),
    });
  }
}
