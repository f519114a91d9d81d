import type { LocalRuntime } from '../local/runtime';
import { openSession } from '../../functions/core/session/open-session';
import { sessionCookieName } from '../../functions/lib/http/cookies';
import { demoUserId } from './accounts';
import type { BenchContext } from './bench-case';

/**
 * Sessions and unmeasured calls against one running local runtime. Sessions are opened
 * directly in the table (no sign-in round trip), once per demo account, as after a sign-in
 * that proved a second factor (the demo admins have an authenticator app).
 */
export interface BenchTarget {
  url: string;
  cookieFor(email: string): Promise<string>;
  ctx: BenchContext;
  /** Waits until the runtime's stream worker has done what earlier writes started. */
  streamIdle(): Promise<void>;
}

export function benchTarget(runtime: Pick<LocalRuntime, 'url' | 'streamIdle'>): BenchTarget {
  const url = runtime.url;
  const cookies = new Map<string, Promise<string>>();
  const cookieFor = (email: string) => {
    if (!cookies.has(email)) cookies.set(email, openSession(demoUserId(email), { secondFactor: true }).then((session) => `${sessionCookieName()}=${session.token}`));
    return cookies.get(email)!;
  };
  const ctx: BenchContext = {
    url,
    userId: demoUserId,
    async api<T>(as: string, method: string, path: string, body?: unknown): Promise<T> {
      const headers: Record<string, string> = { cookie: await cookieFor(as), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    runId: Date.now().toString(36),
  };
  return { url, cookieFor, ctx, streamIdle: () => runtime.streamIdle() };
}
