import { validate } from '@readme/openapi-parser';
import { Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { contracts } from '../../../shared/api';
import type { Contract } from '../../../shared/api/contract';
import { openApiDocument } from '../../../shared/api/openapi';

/**
 * The OpenAPI document (GET /api/app/openapi.json, shared/api/openapi.ts) checked the way a
 * consumer would: a standard validator of OpenAPI 3.1 (@readme/openapi-parser), then Spectral with
 * its `oas` ruleset and the OWASP API Security Top 10 ruleset (@stoplight/spectral-owasp-ruleset),
 * both "recommended". Nothing is turned off. Every error must be fixed, except:
 *
 * - on the request side (parameters, bodies, an operation's security), the few operations below
 *   where a rule's premise does not hold, each with its reason (REQUEST_SIDE_EXCEPTIONS); and
 * - on the response side, the rules below that ask for something this API does not do on
 *   purpose or that guard against large input, which responses are not (RESPONSE_SIDE_RULES).
 *
 * docs/security.md, "The API description", says the same.
 */

type Finding = { rule: string; side: 'request' | 'response' | 'document'; where: string; message: string };

/** Request-side errors accepted, per rule: the operations where the rule does not apply, and why. */
const REQUEST_SIDE_EXCEPTIONS: Record<string, { operations: string[]; why: string }> = {
  'owasp:api2:2023-no-credentials-in-url': {
    operations: ['notification.unsubscribe', 'notification.unsubscribeOneClick'],
    why:
      'The one-click unsubscribe link of a notification email (RFC 8058): mail clients open or post the URL as it is, so its ' +
      'signed token can only travel in the URL. It is no credential of a person: it can do one thing, turn that user\'s email ' +
      'notifications off (docs/security.md, "Unsubscribe links").',
  },
  'owasp:api2:2023-write-restricted': {
    operations: ['communication.smsResponse', 'communication.bounce', 'communication.complaint', 'notification.unsubscribeOneClick'],
    why:
      'Public on purpose and authorized by what they carry, which OpenAPI has no security scheme for: the SNS webhooks by the ' +
      'signature inside the posted message, checked against AWS\'s certificate and the configured topic (docs/security.md, ' +
      '"Provider webhooks"); the one-click unsubscribe by its signed token (above).',
  },
  'owasp:api5:2023-admin-security-unique': {
    operations: ['admin.signUpUser', 'admin.createUser', 'admin.reinviteUser', 'admin.deactivateUser', 'admin.trackAdmin', 'admin.reactivateUser'],
    why:
      'The rule wants /admin paths to need another security scheme than the rest. Here every route is authorized by the ' +
      'ability it declares (x-required-ability), checked on each request against the caller\'s roles where they apply; ' +
      '/api/admin routes need the same abilities as their /api/user counterparts (create, update, deactivate User), so the ' +
      'same session cookie is the truth. OWASP API5 itself warns against telling admin endpoints by their URL.',
  },
};

/** Rules whose errors on the response side are expected, and why each does not apply to responses here. */
const RESPONSE_SIDE_RULES: Record<string, string> = {
  'owasp:api4:2023-array-limit':
    'maxItems bounds what a server accepts (resource exhaustion, API4). Every list a client sends has one; lists the server ' +
    'sends are bounded by paging and by what is stored, not by a schema number.',
  'owasp:api4:2023-string-limit':
    'maxLength bounds what a server accepts. Every text a client sends has one (test/shared/api/contracts.test.ts); texts ' +
    'the server sends are what was stored under those limits.',
  'owasp:api4:2023-rate-limit':
    'Asks for RateLimit / X-RateLimit-* headers on every 2xx and 4xx. The limits are per route and per caller, kept in the ' +
    'table, and the API does not send remaining-quota headers; the document names each limit (x-rate-limit) and the 429 ' +
    'with Retry-After. Declaring headers that are never sent would be false.',
  'owasp:api8:2023-define-cors-origin':
    'Asks for Access-Control-Allow-Origin on every response that declares headers. The API is same-origin only: it sends no ' +
    'CORS headers, so browsers refuse other sites\' reads, and never answers a preflight (docs/security.md, "Request defences").',
};

const ERROR = 0; // DiagnosticSeverity.Error

type Doc = { paths: Record<string, Record<string, any>>; components?: Record<string, Record<string, unknown>> };

let document: Doc;
let findings: Finding[];

beforeAll(async () => {
  document = openApiDocument(contracts) as unknown as Doc;
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended'], [owasp as never, 'recommended']] });
  const results = await spectral.run(JSON.stringify(document));
  findings = results.filter((result) => result.severity === ERROR).map((result) => toFinding(result, document));
}, 300_000);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document to a standard validator (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([]);
  }, 60_000);

  it('resolves every $ref inside itself', () => {
    const broken = [...refsIn(document)].filter((ref) => resolvePointer(document, ref) === undefined);
    expect(broken).toEqual([]);
  });

  it('Spectral (oas and OWASP rulesets): no error on the request side but the listed exceptions', () => {
    const requestSide = findings.filter((finding) => finding.side !== 'response' && !isException(finding));
    expect(requestSide.map(describeFinding)).toEqual([]);
  });

  it('Spectral: every listed exception still occurs (the list stays the smallest it can be)', () => {
    for (const [rule, { operations }] of Object.entries(REQUEST_SIDE_EXCEPTIONS)) {
      for (const id of operations) {
        expect(findings.some((finding) => finding.rule === rule && finding.where.startsWith(`${id} `)), `${rule} ${id}`).toBe(true);
      }
    }
  });

  it('Spectral: errors on the response side only from the rules that do not apply to responses here', () => {
    const unexpected = findings.filter((finding) => finding.side === 'response' && !(finding.rule in RESPONSE_SIDE_RULES));
    expect(unexpected.map(describeFinding)).toEqual([]);
  });

  it('declares the errors each operation can give, each with the error body', () => {
    const missing: string[] = [];
    for (const contract of contracts) {
      const responses = operationOf(document, contract.id).responses as Record<string, any>;
      for (const status of expectedErrors(contract)) {
        const response = responses[status];
        const media = contract.status === 302 && status === '429' ? 'text/html' : 'application/json';
        const schema = response?.content?.[media]?.schema;
        if (!schema) missing.push(`${contract.id} ${status}`);
        else if (media === 'application/json' && schema.$ref !== '#/components/schemas/ErrorBody') missing.push(`${contract.id} ${status}: not the error body`);
      }
    }
    expect(missing).toEqual([]);
    const errorBody = resolvePointer(document, '#/components/schemas/ErrorBody') as { required?: string[] };
    expect(errorBody?.required).toEqual(['message']);
  });

  it('gives every 429 a Retry-After header of whole seconds, bounded', () => {
    for (const contract of contracts.filter((c) => c.rateLimit)) {
      const header = operationOf(document, contract.id).responses['429'].headers['Retry-After'];
      expect(header.schema, contract.id).toMatchObject({ type: 'integer', format: 'int32', minimum: 1 });
      expect(header.schema.maximum, contract.id).toBeGreaterThanOrEqual(1);
    }
  });

  it('names each recursive schema (no generated __schemaN) and keeps none of zod\'s $defs inside an operation', () => {
    const names = Object.keys(document.components?.schemas ?? {});
    expect(names.filter((name) => /__schema/.test(name))).toEqual([]);
    const withDefs = contracts.filter((contract) => JSON.stringify(operationOf(document, contract.id)).includes('"$defs"'));
    expect(withDefs.map((contract) => contract.id)).toEqual([]);
  });

  it('gives paths that differ only in parameter names one template, each operation saying which name is its own', () => {
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const shapes = Object.keys(document.paths).map(shape);
    expect(shapes.filter((path, i) => shapes.indexOf(path) !== i)).toEqual([]);
    const remove = operationOf(document, 'user.removeAlias');
    expect(document.paths['/api/user/{id}/alias/{nameOrAliasId}']?.delete).toBe(remove);
    expect(remove.parameters.find((parameter: { name: string }) => parameter.name === 'nameOrAliasId').description).toContain('`aliasId`');
  });
});

/** The errors the request pipeline (functions/lib/http/service-handler.ts) can answer for this contract. */
function expectedErrors(contract: Contract): string[] {
  return [
    '400',
    '403',
    '4XX',
    '500',
    '5XX',
    ...(contract.access === 'session' ? ['401'] : []),
    ...(/\{/.test(contract.path) ? ['404'] : []),
    ...(contract.body && !contract.formPost ? ['413'] : []),
    ...(contract.body && !contract.formPost && !contract.snsWebhook ? ['415'] : []),
    ...(contract.rateLimit ? ['429'] : []),
  ];
}

function isException(finding: Finding): boolean {
  const exception = REQUEST_SIDE_EXCEPTIONS[finding.rule];
  return Boolean(exception?.operations.some((id) => finding.where.startsWith(`${id} `)));
}

function describeFinding(finding: Finding): string {
  return `${finding.rule} at ${finding.where}: ${finding.message}`;
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/**
 * Which side a finding is on. Under an operation: its responses are the response side, the rest
 * (parameters, body, security) the request side. A shared schema (components) counts for every
 * side that refers to it, the request side first.
 */
function toFinding(result: ISpectralDiagnostic, doc: Doc): Finding {
  const path = result.path.map(String);
  const rule = String(result.code);
  if (path[0] === 'paths' && path[1] !== undefined) {
    const method = path[2];
    const operation = method && METHODS.has(method) ? doc.paths[path[1]]?.[method] : undefined;
    const at = operation ? `${operation.operationId} ${path.slice(3).join('.')}` : `${path[1]} ${path.slice(2).join('.')}`;
    return { rule, side: path[3] === 'responses' ? 'response' : 'request', where: at, message: result.message };
  }
  if (path[0] === 'components' && path[1] === 'schemas' && path[2] !== undefined) {
    const name = path[2];
    const side = schemasReachedFrom(doc, 'request').has(name) ? 'request' : schemasReachedFrom(doc, 'response').has(name) ? 'response' : 'document';
    return { rule, side, where: `#/components/schemas/${name} ${path.slice(3).join('.')}`, message: result.message };
  }
  const side = path[0] === 'components' && (path[1] === 'responses' || path[1] === 'headers') ? 'response' : 'document';
  return { rule, side, where: `${path.join('.')} `, message: result.message };
}

const reached = new Map<string, Set<string>>();

/** The component schemas one side of the operations refers to, directly or through other schemas. */
function schemasReachedFrom(doc: Doc, side: 'request' | 'response'): Set<string> {
  const cached = reached.get(side);
  if (cached) return cached;
  const roots: unknown[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      if (side === 'response') roots.push(operation.responses);
      else roots.push(operation.parameters, operation.requestBody);
    }
  }
  const names = new Set<string>();
  const queue = roots.flatMap((root) => [...refsIn(root)]);
  while (queue.length) {
    const ref = queue.pop()!;
    const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
    if (!name || names.has(name)) continue;
    names.add(name);
    queue.push(...refsIn(doc.components?.schemas?.[name]));
  }
  reached.set(side, names);
  return names;
}

function* refsIn(value: unknown): Generator<string> {
  if (Array.isArray(value)) for (const item of value) yield* refsIn(item);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') yield inner;
      else yield* refsIn(inner);
    }
  }
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function operationOf(doc: Doc, id: string): Record<string, any> {
  for (const item of Object.values(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) if (METHODS.has(method) && operation.operationId === id) return operation;
  }
  throw new Error(`No operation ${id}`);
}
