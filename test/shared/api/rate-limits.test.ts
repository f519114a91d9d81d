import { describe, expect, it } from 'vitest';
import { contracts } from '../../../shared/api';
import { openApiDocument } from '../../../shared/api/openapi';
import { RATE_LIMITS, type RateLimitName } from '../../../shared/api/rate-limits';

/**
 * Which routes are abusable, by their operation id: a new route of one of these kinds fails
 * here until it declares a `rateLimit` or is listed below with the reason it needs none.
 */
const ABUSABLE_KINDS: { kind: string; matches: (id: string) => boolean }[] = [
  { kind: 'search', matches: (id) => /search/i.test(operationOf(id)) || id === 'track.instances' },
  { kind: 'upload', matches: (id) => /upload/i.test(operationOf(id)) },
  { kind: 'invitation', matches: (id) => /invite|signUp|createUser/i.test(operationOf(id)) || id === 'user.create' || id === 'user.bulk' },
  { kind: 'SMS', matches: (id) => /sms/i.test(operationOf(id)) },
  { kind: 'sign-in', matches: (id) => /authenticate|login/i.test(operationOf(id)) },
];

const NOT_LIMITED: Record<string, string> = {
  'security.login': 'makes an authorize URL and an encrypted cookie: no table read or write, no provider call; a counter would be its only cost',
  'security.loginSpa': 'the same as security.login, answered as JSON',
  'communication.smsResponse': 'a signed SNS webhook: every reply comes from SNS, and guessing is bounded per code (5 wrong replies) and per number (5 codes a day)',
  'file.confirmUpload': 'confirms an upload already granted; issues no upload URL',
  'file.removeFromUpload': 'removes a file from an upload content; issues no upload URL',
  'file.uploadInstance': 'reads an upload content',
  'file.uploadInstances': 'reads upload contents',
  'step.stepUploadTemplate': 'reads an upload content template',
  'step.stepUploadTemplates': 'reads upload content templates',
};

function operationOf(id: string): string {
  return id.slice(id.indexOf('.') + 1);
}

describe('rate limits', () => {
  it('every search, upload, invitation, SMS and sign-in callback route declares one', () => {
    const missing = contracts
      .filter((contract) => ABUSABLE_KINDS.some(({ matches }) => matches(contract.id)))
      .filter((contract) => !contract.rateLimit && !(contract.id in NOT_LIMITED))
      .map((contract) => `${contract.id} (${ABUSABLE_KINDS.find(({ matches }) => matches(contract.id))!.kind})`);
    expect(missing).toEqual([]);
  });

  it('the routes left unlimited exist, match a kind and really declare none', () => {
    for (const id of Object.keys(NOT_LIMITED)) {
      const contract = contracts.find((c) => c.id === id);
      expect(contract, id).toBeDefined();
      expect(ABUSABLE_KINDS.some(({ matches }) => matches(id)), id).toBe(true);
      expect(contract!.rateLimit, id).toBeUndefined();
    }
  });

  it('public routes count per client IP (they have no user), and every limit in the table is used', () => {
    const limited = contracts.filter((contract) => contract.rateLimit);
    expect(limited.filter((c) => c.access === 'public' && RATE_LIMITS[c.rateLimit!].key !== 'ip').map((c) => c.id)).toEqual([]);
    const used = new Set(limited.map((contract) => contract.rateLimit));
    expect(Object.keys(RATE_LIMITS).filter((name) => !used.has(name as RateLimitName))).toEqual([]);
  });

  it('names the expected limit per kind', () => {
    const byId = Object.fromEntries(contracts.filter((c) => c.rateLimit).map((c) => [c.id, c.rateLimit]));
    expect(byId['security.authenticate']).toBe('signInCallback');
    expect(byId['communication.triggerSmsVerification']).toBe('smsVerification');
    expect(byId['file.requestUpload']).toBe('upload');
    expect(byId['track.instances']).toBe('search');
    expect(byId['user.peopleSearch']).toBe('search');
    for (const id of ['user.create', 'admin.signUpUser', 'admin.createUser']) expect(byId[id], id).toBe('invitation');
    for (const id of ['user.bulk', 'admin.reinviteUser']) expect(byId[id], id).toBe('invitationBatch');
  });

  it('are whole positive numbers a window long', () => {
    for (const [name, rule] of Object.entries(RATE_LIMITS)) {
      expect(Number.isInteger(rule.limit) && rule.limit > 0, name).toBe(true);
      expect(Number.isInteger(rule.windowSeconds) && rule.windowSeconds > 0, name).toBe(true);
    }
  });

  it('the OpenAPI document lists the limit and the 429 with Retry-After on limited routes only', () => {
    const paths = openApiDocument(contracts).paths as Record<string, Record<string, any>>;
    const operations = new Map(Object.values(paths).flatMap((item) => Object.values(item)).map((operation) => [operation.operationId, operation]));
    for (const contract of contracts) {
      const operation = operations.get(contract.id);
      if (!contract.rateLimit) {
        expect(operation.responses['429'], contract.id).toBeUndefined();
        continue;
      }
      const { limit, windowSeconds, key } = RATE_LIMITS[contract.rateLimit];
      expect(operation['x-rate-limit'], contract.id).toEqual({ name: contract.rateLimit, limit, windowSeconds, key });
      expect(operation.responses['429'].headers['Retry-After'], contract.id).toBeDefined();
    }
  });
});
