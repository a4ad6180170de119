/**
 * The catalogue of errors the mock sends. The interface states no errors (section 7); these follow
 * the API family: a JSON body with `message`, plus field-level `errors` for validation failures.
 * The README's behaviour table lists the same entries.
 */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export const errorCatalogue = {
  badRequest: { status: 400, message: 'Bad request.' },
  malformedJson: { status: 400, message: 'Malformed JSON in the request body.' },
  bodyTooDeep: { status: 400, message: 'The JSON body nests too deeply.' },
  numberOutOfRange: { status: 400, message: 'The JSON body holds a number too large to store.' },
  unauthorized: { status: 401, message: 'Unauthorized.' },
  controlTokenRequired: {
    status: 401,
    message: 'The control API needs the control token (X-Mock-Control-Token, printed at start).',
  },
  reservedKey: { status: 403, message: 'This data key is reserved and read-only.' },
  hostNotAllowed: {
    status: 403,
    message: 'This Host is not served; allow it with --allowed-host <name> (or ALLOWED_HOSTS).',
  },
  crossOriginControl: {
    status: 403,
    message: "The control API only takes changes from the mock's own page, not from another origin.",
  },
  originNotAllowed: {
    status: 403,
    message: 'This origin may not call the API through the proxy; allow it with --cors-origin <origin>.',
  },
  notFound: { status: 404, message: 'Not found.' },
  methodNotAllowed: { status: 405, message: 'Method not allowed.' },
  payloadTooLarge: { status: 413, message: 'Request body is too large.' },
  queryTooLong: { status: 414, message: 'The query string is too long.' },
  unsupportedMediaType: { status: 415, message: 'Content-Type must be application/json.' },
  validationFailed: { status: 422, message: 'Validation failed.' },
  injectedFault: { status: 503, message: 'Fault injected by the mock.' },
  invalidResponse: { status: 500, message: 'The mock produced an answer that breaks the interface.' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(code: ErrorCode, details: { errors?: Record<string, string[]>; message?: string; status?: number } = {}) {
    const entry = errorCatalogue[code];
    const message = details.message ?? entry.message;
    super(message);
    this.name = 'ApiError';
    this.status = details.status ?? entry.status;
    this.body = details.errors ? { message, errors: details.errors } : { message };
  }
}

/** A 422 whose `errors` map each field (dotted path) to what is wrong with it. */
export function validationError(errors: Record<string, string[]>): ApiError {
  return new ApiError('validationFailed', { errors });
}
