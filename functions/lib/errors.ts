/**
 * The one family of errors the API answers with. Core code throws these; the HTTP
 * error middleware turns them into responses. Anything else becomes a 500 that
 * says nothing about internals.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class ValidationError extends HttpError {
  constructor(fieldErrors: Record<string, string[]>, message = 'Bad Request') {
    super(400, message, fieldErrors);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not Found') {
    super(404, message);
  }
}

/** A cap was reached (SMS sends per number per day ...): try again later. */
export class TooManyRequestsError extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

/** The one answer of a provider webhook to anything but a signed SNS message of its topic (403). */
export const UNSIGNED_MESSAGE = 'Only signed SNS messages of the expected topic are accepted.';

export const STALE_VERSION_MESSAGE = 'This item was changed by someone else. Reload it and try again.';

/** A write lost a race: the item changed since the client read it (409 with its message). */
export class ConflictError extends HttpError {
  constructor(message = STALE_VERSION_MESSAGE) {
    super(409, message);
    this.name = 'ConflictError';
  }
}

export const BUSY_MESSAGE = 'Others were changing this at the same moment. Please try again.';

/** A transaction kept colliding with concurrent ones on the same items: nothing was written. */
export class BusyError extends ConflictError {
  constructor(message = BUSY_MESSAGE) {
    super(message);
    this.name = 'BusyError';
  }
}

/** A versioned write named a version the item has moved on from (ARCHITECTURE.md section 5). */
export class StaleVersionError extends ConflictError {
  constructor(
    message = STALE_VERSION_MESSAGE,
    readonly currentVersion?: number,
  ) {
    super(message);
    this.name = 'StaleVersionError';
  }
}

/** A business rule said no; the message is the SPEC.md section 8 text shown to the user. */
export class BusinessRuleError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}
