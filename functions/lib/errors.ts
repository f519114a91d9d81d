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

/** A write lost a race: the item changed since the client read it. */
export class ConflictError extends HttpError {
  constructor(message = 'This item was changed by someone else. Reload it and try again.') {
    super(409, message);
  }
}

/** A business rule said no; the message is the SPEC.md section 8 text shown to the user. */
export class BusinessRuleError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}
