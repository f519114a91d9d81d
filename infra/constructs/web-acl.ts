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

/**
 * Requests to /api/* from all clients together in RATE_WINDOW_SECONDS: 100 a second on average,
 * the brake on runaway bills. It sits in the firewall, not on the API's stage, so only traffic
 * that came through CloudFront counts towards it (docs/deploy.md, "How requests reach the app").
 */
export const API_TOTAL_RATE_LIMIT = 30_000;

export type RequestPart = 'uriPath' | 'queryString' | 'body' | 'cookieHeader';

/**
 * The size rules of AWSManagedRulesCommonRuleSet, with the sizes AWS documents for them (bytes):
 * a request over one is blocked unless the rule is in COUNTED_SIZE_RULES.
 */
export const COMMON_RULE_SET_SIZE_RULES: Readonly<Record<string, { part: RequestPart; maxBytes: number }>> = {
  SizeRestrictions_URIPATH: { part: 'uriPath', maxBytes: 1024 },
  SizeRestrictions_QUERYSTRING: { part: 'queryString', maxBytes: 2048 },
  SizeRestrictions_BODY: { part: 'body', maxBytes: 8192 },
  SizeRestrictions_Cookie_HEADER: { part: 'cookieHeader', maxBytes: 10_240 },
};

/**
 * Size rules that only count (metrics and samples stay), each with why: the contracts accept more
 * and bound every input themselves (test/infra/waf-contract-limits.test.ts compares them).
 */
export const COUNTED_SIZE_RULES: Readonly<Record<string, string>> = {
  SizeRestrictions_URIPATH: 'A path may name up to 100 ids (shared/api/id-list.ts idListParam): several KB.',
  SizeRestrictions_QUERYSTRING: 'The web sends id lists (up to 100) in queries, and the sign-in callback carries Cognito\'s code and issuer.',
  SizeRestrictions_BODY: 'Form answers and rich text exceed 8 KB; every route reads at most MAX_BODY_BYTES (functions/lib/http/body-limit.ts).',
};

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

/** `IP`: each client address counted on its own; `CONSTANT`: every request the prefix matches, together. */
function rateLimit(name: string, priority: number, limit: number, prefix: string, aggregateKeyType: 'IP' | 'CONSTANT' = 'IP'): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: { limit, aggregateKeyType, evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement: pathStartsWith(prefix) },
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
 * known-bad-inputs and common rule groups, then the limit on all API traffic together, last so
 * that requests already blocked do not spend it. Must live in us-east-1 (CLOUDFRONT scope).
 */
export function cloudFrontWebAcl(scope: Construct, id: string, limits: RateLimits): wafv2.CfnWebACL {
  return new wafv2.CfnWebACL(scope, id, {
    scope: 'CLOUDFRONT',
    description: 'Formation Tracks: rate limits per client IP and in total, and AWS managed rules',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('FormationWebAcl'),
    rules: [
      rateLimit('SignInRateLimit', 0, limits.signIn, '/api/security/'),
      rateLimit('ApiRateLimit', 1, limits.api, '/api/'),
      managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 2),
      managedGroup('AWSManagedRulesCommonRuleSet', 3, Object.keys(COUNTED_SIZE_RULES)),
      rateLimit('ApiTotalRateLimit', 4, API_TOTAL_RATE_LIMIT, '/api/', 'CONSTANT'),
    ],
  });
}
