import { Stack } from 'aws-cdk-lib';
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type * as z from 'zod';
import { contracts } from '../../shared/api';
import { buildPath, type Contract } from '../../shared/api/contract';
import { idListParam } from '../../shared/api/id-list';
import { MAX_BODY_BYTES } from '../../functions/lib/http/body-limit';
import { parseQuery } from '../../functions/lib/http/query';
import { COMMON_RULE_SET_SIZE_RULES, COUNTED_SIZE_RULES, cloudFrontWebAcl, type RequestPart } from '../../infra/constructs/web-acl';
import { toQueryString } from '../../web/src/lib/api/query-string';
import { defOf } from '../support/zod-walk';
import { ANY_TEXT, ASCII_TEXT, longestPath, longestQuery, type SizeModel } from './support/request-size';

/**
 * The web firewall and the contracts agree (issue 23): no request a contract accepts is blocked by a
 * size rule of AWS's common rule set, and each size rule we only count is one some route needs.
 * Sizes are computed from the contracts' zod schemas (test/infra/support/request-size.ts).
 */

/** The size rules the web ACL, as built, still lets block. */
function blockingSizeRules(): Array<{ rule: string; part: RequestPart; maxBytes: number }> {
  const acl = cloudFrontWebAcl(new Stack(), 'Acl', { api: 3000, signIn: 100 });
  const common = (acl.rules as wafv2.CfnWebACL.RuleProperty[]).find((r) => r.name === 'AWSManagedRulesCommonRuleSet')!;
  const statement = common.statement as wafv2.CfnWebACL.StatementProperty;
  const group = statement.managedRuleGroupStatement as wafv2.CfnWebACL.ManagedRuleGroupStatementProperty;
  const overrides = (group.ruleActionOverrides ?? []) as wafv2.CfnWebACL.RuleActionOverrideProperty[];
  const counted = new Set(overrides.filter((o) => (o.actionToUse as wafv2.CfnWebACL.RuleActionProperty).count).map((o) => o.name));
  expect([...counted].sort()).toEqual(Object.keys(COUNTED_SIZE_RULES).sort());
  return Object.entries(COMMON_RULE_SET_SIZE_RULES)
    .filter(([rule]) => !counted.has(rule))
    .map(([rule, size]) => ({ rule, ...size }));
}

const longest = (contract: Contract, part: RequestPart, model: SizeModel) => (part === 'uriPath' ? longestPath(contract, model) : longestQuery(contract, model));

/** CloudFront's longest URL (its quotas; it cannot be raised or counted), less `https://` and the longest host name. */
const CLOUDFRONT_URL_MAX_BYTES = 8192;
const URL_ROOM = CLOUDFRONT_URL_MAX_BYTES - 'https://'.length - 253;

/** 100 distinct ids shaped like the app's ULIDs. */
const ULIDS = Array.from({ length: 100 }, (_, i) => `01J${String(i).padStart(23, '0')}`);

function unwrapped(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  return def.type === 'optional' || def.type === 'default' ? unwrapped(def.innerType!) : schema;
}
const fieldsOf = (schema: z.ZodType | undefined) => Object.entries((schema && defOf(schema).shape) ?? {});
const idListFields = (schema: z.ZodType | undefined) => fieldsOf(schema).filter(([, field]) => unwrapped(field) === idListParam).map(([name]) => name);

describe('the size rules of the web firewall', () => {
  it('know every route: each path and query a contract accepts has a finite longest size', () => {
    for (const contract of contracts) {
      for (const model of [ASCII_TEXT, ANY_TEXT]) {
        expect(Number.isFinite(longestPath(contract, model)), `${contract.id} path`).toBe(true);
        expect(Number.isFinite(longestQuery(contract, model)), `${contract.id} query`).toBe(true);
      }
    }
  });

  it('that still block let through the longest path, query and body of every route, whatever its characters', () => {
    const over = blockingSizeRules().flatMap(({ rule, part, maxBytes }) => {
      if (part === 'body') return MAX_BODY_BYTES > maxBytes ? [`${rule}: every route reads bodies up to ${MAX_BODY_BYTES} bytes, the rule blocks over ${maxBytes}`] : [];
      if (part === 'cookieHeader') return []; // cookies are the app's own (session id, sign-in state), not a contract's
      return contracts.filter((c) => longest(c, part, ANY_TEXT) > maxBytes).map((c) => `${rule}: ${c.id} accepts ${longest(c, part, ANY_TEXT)} bytes, the rule blocks over ${maxBytes}`);
    });
    expect(over).toEqual([]);
  });

  it('that only count are each needed: a request a contract accepts, with ids like the app makes, would be blocked', () => {
    const witnesses: Record<string, number> = {};
    // A path naming 100 ids (idListParam).
    const pathLists = contracts.filter((c) => idListFields(c.params).length);
    expect(pathLists.length).toBeGreaterThan(0);
    for (const contract of pathLists) {
      const params = Object.fromEntries(fieldsOf(contract.params).map(([name]) => [name, idListFields(contract.params).includes(name) ? ULIDS.join(',') : ULIDS[0]]));
      expect(contract.params!.safeParse(params).success, contract.id).toBe(true);
      witnesses.SizeRestrictions_URIPATH = Math.max(witnesses.SizeRestrictions_URIPATH ?? 0, buildPath(contract.path, params).length);
    }
    // A query naming 100 ids, as the web sends it and the server parses it.
    const queryLists = contracts.filter((c) => idListFields(c.query).length);
    expect(queryLists.map((c) => c.id)).toContain('user.peopleSearch');
    for (const contract of queryLists) {
      const query = toQueryString(Object.fromEntries(idListFields(contract.query).map((name) => [name, ULIDS.join(',')]))).slice(1);
      expect(contract.query!.safeParse(parseQuery(query)).success, contract.id).toBe(true);
      witnesses.SizeRestrictions_QUERYSTRING = Math.max(witnesses.SizeRestrictions_QUERYSTRING ?? 0, query.length);
    }
    witnesses.SizeRestrictions_BODY = MAX_BODY_BYTES;
    for (const rule of Object.keys(COUNTED_SIZE_RULES)) {
      expect(witnesses[rule], rule).toBeGreaterThan(COMMON_RULE_SET_SIZE_RULES[rule].maxBytes);
    }
  });
});

describe("CloudFront's URL limit, which no rule can count", () => {
  it('holds the longest URL of every route whose texts are ASCII (every id the app makes is)', () => {
    const over = contracts
      .map((c) => ({ id: c.id, bytes: longestPath(c, ASCII_TEXT) + (c.query ? 1 + longestQuery(c, ASCII_TEXT) : 0) }))
      .filter(({ bytes }) => bytes > URL_ROOM);
    expect(over).toEqual([]);
  });
});
