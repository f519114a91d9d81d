import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface InvokeOptions {
  method?: string;
  query?: string;
  body?: unknown;
  rawBody?: string;
  /** Sent base64-encoded, as API Gateway passes a body that is not text. */
  binaryBody?: Buffer;
  cookie?: string;
  /** Extra request headers (lower-case names), e.g. `origin` or `sec-fetch-site`. */
  headers?: Record<string, string>;
}

export interface InvokeResult {
  status: number;
  body: any;
  headers: Record<string, string>;
  cookies: string[];
}

/** Calls a service's Lambda handler with an API Gateway HTTP API (v2) event, as API Gateway would. */
export async function invoke(handler: Handler, path: string, options: InvokeOptions = {}): Promise<InvokeResult> {
  const method = options.method ?? 'GET';
  const service = path.split('/')[2];
  const body = options.binaryBody?.toString('base64') ?? options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const event = {
    version: '2.0',
    routeKey: `ANY /api/${service}/{proxy+}`,
    rawPath: path,
    rawQueryString: options.query ?? '',
    cookies: options.cookie ? [options.cookie] : undefined,
    headers: { host: 'localhost', ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: `ANY /api/${service}/{proxy+}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    pathParameters: { proxy: path.split('/').slice(3).join('/') },
    body,
    isBase64Encoded: options.binaryBody !== undefined,
  } as unknown as APIGatewayProxyEventV2;
  const result = await handler(event, {} as Context);
  const text = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    // JSON as parsed; a page (the unsubscribe link's answer) or a file (the audit export's CSV) as its text.
    body: text ? (/^text\/(html|csv)/.test(String(result.headers?.['content-type'] ?? 'application/json')) ? text : JSON.parse(text)) : null,
    headers: (result.headers ?? {}) as Record<string, string>,
    cookies: result.cookies ?? [],
  };
}
