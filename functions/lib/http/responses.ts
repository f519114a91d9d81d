import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  cookies: string[] = [],
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { ...BASE_HEADERS, ...headers },
    body: body === null || body === undefined || status === 204 ? '' : JSON.stringify(body),
    ...(cookies.length ? { cookies } : {}),
  };
}

/** A file to download (the audit export's CSV): its text as is, saved under the name its headers give. */
export function fileResponse(status: number, text: string, headers: Record<string, string>): APIGatewayProxyStructuredResultV2 {
  return { statusCode: status, headers: { ...BASE_HEADERS, ...headers }, body: text };
}

export function errorResponse(status: number, message: string, fieldErrors?: Record<string, string[]>): APIGatewayProxyStructuredResultV2 {
  return jsonResponse(status, fieldErrors ? { message, fieldErrors } : { message });
}

/** An HTML page: nothing in it runs or loads (no scripts, no outside resources), and it may not be framed. */
export function pageResponse(status: number, html: string, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: {
      ...BASE_HEADERS,
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
    body: html,
  };
}
