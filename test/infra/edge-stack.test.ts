import type { Template } from 'aws-cdk-lib/assertions';
import { DEFAULT_API_RATE_LIMIT, DEFAULT_SIGN_IN_RATE_LIMIT } from '../../infra/settings';
import { API_TOTAL_RATE_LIMIT, COUNTED_SIZE_RULES } from '../../infra/constructs/web-acl';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

let edge: Template;
beforeAll(() => {
  edge = synthFormation().templates.edge;
}, SYNTH_TIMEOUT);

function webAcl(template: Template): Record<string, any> {
  const acls = Object.values(template.findResources('AWS::WAFv2::WebACL')) as any[];
  expect(acls).toHaveLength(1);
  return acls[0].Properties;
}

const rule = (acl: Record<string, any>, name: string) => acl.Rules.find((r: any) => r.Name === name);

describe('the web ACL', () => {
  it('guards CloudFront, allowing what no rule blocks', () => {
    const acl = webAcl(edge);
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(acl.Rules.map((r: any) => r.Name)).toEqual(['SignInRateLimit', 'ApiRateLimit', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet', 'ApiTotalRateLimit']);
    expect(acl.Rules.map((r: any) => r.Priority)).toEqual([0, 1, 2, 3, 4]);
  });

  it('blocks a client IP that exceeds the sign-in limit on /api/security/*, and the API limit on /api/*', () => {
    const acl = webAcl(edge);
    for (const [name, limit, prefix] of [
      ['SignInRateLimit', DEFAULT_SIGN_IN_RATE_LIMIT, '/api/security/'],
      ['ApiRateLimit', DEFAULT_API_RATE_LIMIT, '/api/'],
    ] as const) {
      const { Action, Statement } = rule(acl, name);
      expect(Action, name).toEqual({ Block: {} });
      expect(Statement.RateBasedStatement).toMatchObject({ Limit: limit, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
      expect(Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ PositionalConstraint: 'STARTS_WITH', SearchString: prefix, FieldToMatch: { UriPath: {} } });
    }
    expect(DEFAULT_SIGN_IN_RATE_LIMIT).toBeLessThan(DEFAULT_API_RATE_LIMIT);
  });

  it('blocks all /api/* traffic together past the total limit, counted last so requests already blocked do not spend it', () => {
    const total = rule(webAcl(edge), 'ApiTotalRateLimit');
    expect(total.Action).toEqual({ Block: {} });
    expect(total.Statement.RateBasedStatement).toMatchObject({ Limit: API_TOTAL_RATE_LIMIT, AggregateKeyType: 'CONSTANT', EvaluationWindowSec: 300 });
    expect(total.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ PositionalConstraint: 'STARTS_WITH', SearchString: '/api/', FieldToMatch: { UriPath: {} } });
    // The old stage throttle's 100 requests a second, averaged over the window.
    expect(API_TOTAL_RATE_LIMIT / 300).toBe(100);
  });

  it('applies the AWS managed rule groups, counting (not blocking) the size rules the contracts exceed and bound themselves', () => {
    const acl = webAcl(edge);
    const known = rule(acl, 'AWSManagedRulesKnownBadInputsRuleSet');
    expect(known.Statement.ManagedRuleGroupStatement).toEqual({ VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' });
    const common = rule(acl, 'AWSManagedRulesCommonRuleSet');
    expect(common.OverrideAction).toEqual({ None: {} });
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(Object.keys(COUNTED_SIZE_RULES).map((name) => ({ Name: name, ActionToUse: { Count: {} } })));
    expect(Object.keys(COUNTED_SIZE_RULES).sort()).toEqual(['SizeRestrictions_BODY', 'SizeRestrictions_QUERYSTRING', 'SizeRestrictions_URIPATH']);
  });

  it('takes its limits from the settings', () => {
    const acl = webAcl(synthFormation({ ...CUSTOM_DOMAIN_SETTINGS, API_RATE_LIMIT: '600', SIGN_IN_RATE_LIMIT: '20' }).templates.edge);
    expect(rule(acl, 'ApiRateLimit').Statement.RateBasedStatement.Limit).toBe(600);
    expect(rule(acl, 'SignInRateLimit').Statement.RateBasedStatement.Limit).toBe(20);
  }, SYNTH_TIMEOUT);
});

describe('regions', () => {
  it('puts the web ACL in us-east-1 and carries its ARN to a web stack in another region', () => {
    const { stacks, templates } = synthFormation(CUSTOM_DOMAIN_SETTINGS, { aws: { account: '123456789012', region: 'eu-west-1' } });
    expect(stacks.edge.region).toBe('us-east-1');
    expect(stacks.web.region).toBe('eu-west-1');
    const [distribution] = Object.values(templates.web.findResources('AWS::CloudFront::Distribution')) as any[];
    expect(JSON.stringify(distribution.Properties.DistributionConfig.WebACLId)).toMatch(/ExportsReader.*WebAclArn/);
  }, SYNTH_TIMEOUT);

  it('uses a plain export when the app itself runs in us-east-1', () => {
    const { stacks, templates } = synthFormation(CUSTOM_DOMAIN_SETTINGS, { aws: { account: '123456789012', region: 'us-east-1' } });
    expect(stacks.web.region).toBe('us-east-1');
    const [distribution] = Object.values(templates.web.findResources('AWS::CloudFront::Distribution')) as any[];
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::ImportValue': expect.stringMatching(/^Formation-Edge:/) });
  }, SYNTH_TIMEOUT);
});
