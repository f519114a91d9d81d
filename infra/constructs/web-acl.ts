import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

export interface RateLimits {
  /** Requests to /api/* per client IP in RATE_WINDOW_SECONDS. */
  api: number;
  /** Requests to /api/security/* (sign-in, callback, logout) per client IP in the same window. */
  signIn: number;
}

/** AWS WAF counts rate-based rules over this window (it offers 60, 120, 300 or 600 seconds). */
export const RATE_WINDOW_SECONDS = 300;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

function pathStartsWith(prefix: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
    },
  };
}

function rateLimit(name: string, priority: number, limit: number, prefix: string): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement: pathStartsWith(prefix) },
    },
    visibilityConfig: visibility(name),
  };
}

function managedGroup(name: string, priority: number, countInstead: string[] = []): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(countInstead.length ? { ruleActionOverrides: countInstead.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The CloudFront web ACL: per-IP rate limits (tighter on the public sign-in routes), then AWS's
 * known-bad-inputs and common rule groups. Must live in us-east-1 (CLOUDFRONT scope).
 */
export function cloudFrontWebAcl(scope: Construct, id: string, limits: RateLimits): wafv2.CfnWebACL {
  return new wafv2.CfnWebACL(scope, id, {
    scope: 'CLOUDFRONT',
    description: 'Formation Tracks: rate limits per client IP and AWS managed rules',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('FormationWebAcl'),
    rules: [
      rateLimit('SignInRateLimit', 0, limits.signIn, '/api/security/'),
      rateLimit('ApiRateLimit', 1, limits.api, '/api/'),
      managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 2),
      // Form answers and rich text can exceed the group's 8 KB body limit; the API bounds every field itself.
      managedGroup('AWSManagedRulesCommonRuleSet', 3, ['SizeRestrictions_BODY']),
    ],
  });
}
