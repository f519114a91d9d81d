import { vi } from 'vitest';

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
export type Handlers = Record<string, (request: SentRequest) => Reply | unknown>;

/** A reply names a numeric status or a body; a plain body may have a `status` of its own (a job's 'running'). */
const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && (typeof (value as Reply).status === 'number' || 'body' in value);

/**
 * Replaces the browser's fetch (the network boundary) with a fake server: requests are
 * recorded, and answered by the first handler whose 'METHOD /path' matches (`{x}` matches
 * one path segment). Unknown routes answer 404 so a forgotten handler shows in the test.
 */
export function fakeServer(handlers: Handlers) {
  const requests: SentRequest[] = [];
  const patterns = Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ');
    const regex = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
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
    const match = patterns.find((pattern) => pattern.method === request.method && pattern.regex.test(request.path));
    const answer = match ? match.handler(request) : { status: 404, body: { message: 'Not Found' } };
    const reply: Reply = isReply(answer) ? answer : { status: 200, body: answer };
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one path, optionally of one method. */
    to: (path: string, method?: string) => requests.filter((r) => r.path === path && (!method || r.method === method)),
  };
}
