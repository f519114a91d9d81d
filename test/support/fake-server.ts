import { onTestFinished, vi } from 'vitest';
import { contracts } from '../../shared/api';
import type { Contract } from '../../shared/api/contract';
import { errorBodySchema } from '../../shared/api/errors';

/** One request the page sent, as the server would see it. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

/** Answers by `'METHOD /api/path'`; the handler sees the request and returns a reply or a plain JSON body. */
/** A handler may answer later (a promise): a test holds a reply to look at the screen while it waits. */
export type Handlers = Record<string, (request: SentRequest) => Reply | unknown>;

/** A reply names a numeric status or a body; a plain body may have a `status` of its own (a job's 'running'). */
const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && (typeof (value as Reply).status === 'number' || 'body' in value);

const patternOf = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const placeholders = (path: string) => (path.match(/\{/g) ?? []).length;

/** Routes by method, literal segments before placeholders (as the Lambda router matches them). */
const ROUTES = [...contracts]
  .sort((a, b) => placeholders(a.path) - placeholders(b.path))
  .map((contract) => ({ contract, pattern: patternOf(contract.path) }));

function contractFor(method: string, path: string): Contract | undefined {
  return ROUTES.find((route) => route.contract.method === method && route.pattern.test(path))?.contract;
}

/** What is wrong with a fake reply, measured against the contract the real server answers by. */
function replyProblem(contract: Contract, status: number, body: unknown): string | null {
  if (status >= 400) {
    const result = errorBodySchema.safeParse(body);
    return result.success ? null : `error body ${JSON.stringify(body)} is not { message, fieldErrors? }: ${result.error.message}`;
  }
  const expected = contract.status ?? 200;
  // Routes that may hand their work to a background job answer 202 `{ jobId }` (a union in the contract's response).
  const startedJob = status === 202 && typeof body === 'object' && body !== null && 'jobId' in body;
  if (status !== expected && !startedJob) return `answers ${status}, the contract says ${expected}`;
  if (status === 204 || status === 302) return null;
  const result = contract.response.safeParse(body);
  return result.success ? null : `reply does not match the contract's response schema: ${result.error.message}`;
}

/**
 * Replaces the browser's fetch (the network boundary) with a fake server: requests are
 * recorded, and answered by the first handler whose 'METHOD /path' matches (`{x}` matches
 * one path segment). Unknown routes answer 404 so a forgotten handler shows in the test.
 *
 * The fake stays true to the API: a handler for a route no contract declares, a request to
 * such a route, or a reply that does not match its contract's response schema (or success
 * status) fails the test, so the screens are never tested against replies the server cannot give.
 */
export interface FakeServerOptions {
  /**
   * Routes whose replies the screens expect before the server's contract has them, by contract
   * id, each with the reason. Their replies are not checked; remove the entry when the contract
   * catches up (every entry is a known gap between the web and the server).
   */
  aheadOfContract?: Record<string, string>;
}

export function fakeServer(handlers: Handlers, options: FakeServerOptions = {}) {
  const requests: SentRequest[] = [];
  const problems: string[] = [];
  const patterns = Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ');
    const regex = patternOf(path);
    const declared = ROUTES.some(({ contract, pattern }) => contract.method === method && (pattern.test(path) || regex.test(contract.path.replace(/\{[^}]+\}/g, 'x'))));
    if (!declared) throw new Error(`Fake server: no contract declares ${key}`);
    return { method, regex, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const contract = contractFor(request.method, request.path);
    if (!contract) problems.push(`${request.method} ${request.path}: no contract declares this route`);
    const match = patterns.find((pattern) => pattern.method === request.method && pattern.regex.test(request.path));
    const answer = await (match ? match.handler(request) : { status: 404, body: { message: 'Not Found' } });
    const reply: Reply = isReply(answer) ? answer : { status: 200, body: answer };
    const status = reply.status ?? 200;
    const problem = contract && !options.aheadOfContract?.[contract.id] && replyProblem(contract, status, reply.body ?? null);
    if (problem) problems.push(`${request.method} ${request.path} (${contract.id}): ${problem}`);
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    if (problems.length) throw new Error(`The fake server answered what the real one cannot:\n${problems.join('\n')}`);
  });
  return {
    requests,
    /** What the fake answered that the real server cannot (the test fails with these when it ends). */
    problems,
    /** Requests to one path, optionally of one method. */
    to: (path: string, method?: string) => requests.filter((r) => r.path === path && (!method || r.method === method)),
  };
}
