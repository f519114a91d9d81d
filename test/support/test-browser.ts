/**
 * A browser as far as sign-in needs one: a cookie jar honouring Path and Max-Age, and
 * requests that never follow redirects by themselves, so each hop can be inspected.
 * Unsafe methods send `Origin` like a real browser.
 */
interface StoredCookie {
  value: string;
  path: string;
}

export class TestBrowser {
  private readonly jar = new Map<string, StoredCookie>();

  constructor(readonly origin: string) {}

  cookieNames(): string[] {
    return [...this.jar.keys()];
  }

  cookieHeader(url: URL): string {
    return [...this.jar.entries()]
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const maxAge = attributes.find((a) => /^max-age=/i.test(a));
      const expires = attributes.find((a) => /^expires=/i.test(a));
      const gone = (maxAge && Number(maxAge.slice(8)) <= 0) || (expires && Date.parse(expires.slice(8)) <= Date.now());
      if (gone) this.jar.delete(name);
      else this.jar.set(name, { value: pair.slice(index + 1), path });
    }
  }

  async request(target: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(target, this.origin);
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { ...init.headers };
    const cookies = this.cookieHeader(url);
    if (cookies) headers.cookie = cookies;
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= this.origin;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.store(response);
    return response;
  }

  /** The Location of a redirect answer; fails on anything else. */
  async redirectTarget(target: string, init?: Parameters<TestBrowser['request']>[1]): Promise<string> {
    const response = await this.request(target, init);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${target}: expected a redirect, got ${response.status} ${await response.text()}`);
    }
    return new URL(location, new URL(target, this.origin)).toString();
  }

  /** Follows redirects while `keepGoing(url)` holds; returns the first URL where it does not. */
  async followWhile(target: string, keepGoing: (url: URL) => boolean, limit = 10): Promise<string> {
    let current = target;
    for (let hop = 0; hop < limit && keepGoing(new URL(current)); hop += 1) current = await this.redirectTarget(current);
    return current;
  }
}
