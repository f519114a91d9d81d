import { requestCounter } from '../../functions/db/client';
import { currentRequest } from '../../functions/lib/request-context';
import type { BenchCase } from './bench-case';
import type { BenchTarget } from './context';
import { measureConcurrent, percentile } from './stats';

/**
 * Measures one case against a running runtime: one warm-up call, one call whose DynamoDB
 * requests and consumed capacity are counted (the handlers run in this process, so the
 * request counter sees them; it counts only requests sent inside an HTTP request), then `calls` timed calls from concurrent clients.
 */
export const CONCURRENCY = 10;

export interface RouteFigures {
  dynamoRequests: number;
  readCapacity: number;
  writeCapacity: number;
  /** Audit entries the counted call wrote, and their write units (part of writeCapacity). */
  auditEntries: number;
  auditEntryUnits: number;
  p50: number;
  p99: number;
  calls: number;
  concurrency: number;
}

export class BenchCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One call's answer as the viewer receives it: status, bytes (status line, headers, body), the body's bytes, and the path called. */
export interface CallResult {
  status: number;
  bytes: number;
  bodyBytes: number;
  path: string;
}

/** A case made ready to call: `call(n)` makes call n (0 warms up) and throws on an error status; `cleanUp` removes what it made. */
export interface CaseCalls {
  call(number: number): Promise<CallResult>;
  cleanUp(): Promise<void>;
}

/** The bytes of a response's status line and headers as sent over HTTP/1.1 (`name: value` CRLF each, a blank line after). */
export function headerBytes(res: Response): number {
  let bytes = `HTTP/1.1 ${res.status} ${res.statusText}\r\n\r\n`.length;
  res.headers.forEach((value, name) => {
    bytes += Buffer.byteLength(`${name}: ${value}\r\n`);
  });
  return bytes;
}

/** Runs the case's `prepare` for `calls` calls (plus the warm-up and the counted one) and returns its caller. */
export async function caseCalls(target: BenchTarget, bench: BenchCase, method: string, calls: number): Promise<CaseCalls> {
  const prepared = bench.prepare ? await bench.prepare(target.ctx, calls + 2) : undefined;
  const basePath = typeof bench.path === 'function' ? await bench.path(target.ctx) : bench.path;
  const headers: Record<string, string> = bench.as ? { cookie: await target.cookieFor(bench.as) } : {};
  const responses: unknown[] = [];

  const call = async (number: number): Promise<CallResult> => {
    const own = bench.each?.(number, prepared) ?? {};
    const query = own.query ?? bench.query;
    const body = 'body' in own ? own.body : bench.body;
    const url = `${target.url}${own.path ?? basePath}${query ? `?${query}` : ''}`;
    const callHeaders = { ...headers, ...own.headers };
    const res = await fetch(url, {
      method: bench.method ?? method,
      headers: body === undefined ? callHeaders : { ...callHeaders, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status >= 400) throw new BenchCallError(res.status, `answered ${res.status}: ${text.slice(0, 200)}`);
    // Pages (an unsubscribe link's answer) are not JSON: clean-up needs only the JSON answers.
    if (bench.cleanUp && text && res.headers.get('content-type')?.includes('json')) responses[number] = JSON.parse(text);
    const bodyBytes = Buffer.byteLength(text);
    return { status: res.status, bytes: headerBytes(res) + bodyBytes, bodyBytes, path: own.path ?? basePath };
  };
  const cleanUp = async () => {
    await bench.cleanUp?.(target.ctx, prepared, responses.filter((response) => response !== undefined));
  };
  return { call, cleanUp };
}

export async function measureCase(target: BenchTarget, bench: BenchCase, method: string, defaultCalls: number): Promise<RouteFigures> {
  const calls = bench.calls ?? defaultCalls;
  const { call, cleanUp } = await caseCalls(target, bench, method, calls);
  try {
    await call(0); // warm caches and discovery
    // The stream worker runs in this process: let it finish what earlier writes started, so it is not counted here.
    await target.streamIdle();
    // Only the counted call's own requests: the runtime's sweep runs in this process too, outside any request.
    requestCounter.reset();
    requestCounter.countOnlyWhile(() => currentRequest() !== undefined);
    try {
      await call(1);
    } finally {
      requestCounter.countOnlyWhile();
    }
    const counted = requestCounter.snapshot();
    const durations = await measureConcurrent(async (number) => void (await call(number + 2)), calls, bench.concurrency ?? CONCURRENCY);
    return {
      dynamoRequests: counted.requests,
      readCapacity: counted.readCapacity,
      writeCapacity: counted.writeCapacity,
      auditEntries: counted.auditEntries,
      auditEntryUnits: counted.auditEntryUnits,
      p50: +percentile(durations, 50).toFixed(1),
      p99: +percentile(durations, 99).toFixed(1),
      calls,
      concurrency: bench.concurrency ?? CONCURRENCY,
    };
  } finally {
    await cleanUp();
  }
}
