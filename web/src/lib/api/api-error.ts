/** Client default messages by status (SPEC.md section 8). */
const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export class ApiError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(messageFor(status, body));
    this.name = 'ApiError';
  }

  /** Field messages of a 400 answer, keyed by field path. */
  get fieldErrors(): Record<string, string[]> {
    const body = this.body as { fieldErrors?: Record<string, string[]> } | null;
    return body?.fieldErrors ?? {};
  }
}

function messageFor(status: number, body: unknown): string {
  const serverMessage = (body as { message?: unknown } | null)?.message;
  if (typeof serverMessage === 'string' && serverMessage && status !== 500) return serverMessage;
  return DEFAULT_MESSAGES[status] ?? 'Generic Error';
}

export const ABORT_MESSAGE = 'Request aborted';
