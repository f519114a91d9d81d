/**
 * What a route implementation may return instead of a plain body: a status, headers,
 * cookies or a redirect. A plain value is sent as the contract's JSON response.
 */
export class RouteResult<T = unknown> {
  constructor(
    readonly body: T,
    readonly options: { status?: number; headers?: Record<string, string>; cookies?: string[] } = {},
  ) {}
}

export function withCookies<T>(body: T, cookies: string[]): RouteResult<T> {
  return new RouteResult(body, { cookies });
}

/** A small HTML page for a person who followed a link from an email (no app around it). */
export function htmlPage(html: string, status = 200): RouteResult<string> {
  return new RouteResult(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** A CSV file to download under `filename` (no paths, no quotes: the caller names it from ids). */
export function csvFile(text: string, filename: string): RouteResult<string> {
  return new RouteResult(text, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` } });
}

export function redirect(location: string, cookies: string[] = []): RouteResult<null> {
  return new RouteResult(null, { status: 302, headers: { location }, cookies });
}
