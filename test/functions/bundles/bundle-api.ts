import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { buildApiGatewayEvent, replyFromResult, serviceOf } from '../../../bin/local/apigw-event';
import { ORIGIN_VERIFY_HEADER } from '../../../functions/lib/http/request-guards';
import { cookieFor } from '../../support/session';
import type { BundleProcess } from '../../support/node22-lambda';
import { RUN_SECRETS } from './lambda-env';

/**
 * Calls a bundle as CloudFront and API Gateway would: the request becomes the HTTP API's
 * payload 2.0 event through the local runtime's own converter (bin/local/apigw-event.ts), with
 * the origin secret CloudFront adds, and the handler's result becomes the reply.
 */
export interface ApiRequest {
  method?: string;
  path: string;
  query?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** A body sent as it is, with its own content type. */
  rawBody?: { text: string; contentType: string };
  /** A demo account's email: the call carries a session cookie of theirs. */
  as?: string;
  /** A session cookie (`name=value`) instead of `as`. */
  cookie?: string;
  /** Leaves out the origin secret, as a caller that skipped CloudFront would. */
  direct?: boolean;
}

export interface ApiReply {
  status: number;
  body: any;
}

const methodOf = (request: ApiRequest) => request.method ?? (request.body === undefined && !request.rawBody ? 'GET' : 'POST');

export class BundleApi {
  private readonly cookies = new Map<string, Promise<string>>();

  constructor(
    private readonly bundle: BundleProcess,
    private readonly appUrl: string,
  ) {}

  /** One session per demo account for the whole file, opened as the sign-in callback would. */
  sessionOf(email: string): Promise<string> {
    let cookie = this.cookies.get(email);
    if (!cookie) this.cookies.set(email, (cookie = cookieFor(email)));
    return cookie;
  }

  async call(request: ApiRequest): Promise<ApiReply> {
    const method = methodOf(request);
    const cookie = request.cookie ?? (request.as ? await this.sessionOf(request.as) : undefined);
    const body = request.rawBody?.text ?? (request.body === undefined ? '' : JSON.stringify(request.body));
    const contentType = request.rawBody?.contentType ?? 'application/json';
    const headers: Record<string, string> = {
      host: new URL(this.appUrl).host,
      'user-agent': 'node22-bundles-test',
      // What the browser sends on the app's own calls.
      origin: new URL(this.appUrl).origin,
      'sec-fetch-site': 'same-origin',
      ...(body ? { 'content-type': contentType } : {}),
      ...(cookie ? { cookie } : {}),
      ...(request.direct ? {} : { [ORIGIN_VERIFY_HEADER]: RUN_SECRETS.originVerify }),
    };
    const url = request.query ? `${request.path}?${request.query}` : request.path;
    const event = buildApiGatewayEvent(
      { method, url, rawHeaders: Object.entries(headers).flat(), body: Buffer.from(body), sourceIp: '127.0.0.1', requestId: randomUUID() },
      serviceOf(request.path) ?? '',
    );
    const reply = replyFromResult((await this.bundle.invoke(event)) as APIGatewayProxyStructuredResultV2);
    const text = reply.body.toString('utf8');
    const json = String(reply.headers['content-type'] ?? '').startsWith('application/json');
    return { status: reply.status, body: text && json ? JSON.parse(text) : text };
  }

  /** Calls and expects `status`; the failure names the call, the answer and the bundle's latest log lines. */
  async expect(status: number, request: ApiRequest): Promise<any> {
    const reply = await this.call(request);
    if (reply.status !== status) {
      const what = `${methodOf(request)} ${request.path}`;
      throw new Error(`${what}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}\n--- bundle output ---\n${this.bundle.output()}`);
    }
    return reply.body;
  }
}
