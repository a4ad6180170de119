/**
 * The catalogue of errors the mock sends. The interface states no errors (section 7); these follow
 * the API family: a JSON body with `message`, plus field-level `errors` for validation failures.
 * `when` says what brings each one; `npm run generate` writes the table in docs/behaviour.md.
 */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export const errorCatalogue = {
  badRequest: {
    status: 400,
    message: 'Bad request.',
    when: 'another client error found before the route (bad percent-encoding, a body cut short, ...), with a more precise message',
  },
  malformedJson: {
    status: 400,
    message: 'Malformed JSON in the request body.',
    when: "the body is not JSON; the parser's complaint is appended",
  },
  missingBody: {
    status: 400,
    message: 'The request body is missing: this operation takes a JSON body.',
    when: 'a `PUT`/`POST` of the interface with no body or an empty one; the message shows the JSON it takes',
  },
  bodyTooDeep: {
    status: 400,
    message: 'The JSON body nests too deeply.',
    when: 'the body nests deeper than the limit',
  },
  numberOutOfRange: {
    status: 400,
    message: 'The JSON body holds a number too large to store.',
    when: 'a number such as `1e400` that JSON cannot give back',
  },
  unauthorized: { status: 401, message: 'Unauthorized.', when: 'a token is configured and a write came without it' },
  controlTokenRequired: {
    status: 401,
    message: 'The control API needs the control token (X-Mock-Control-Token, printed at start).',
    when: 'the mock listens beyond loopback and a control request came without the control token',
  },
  unknownSandbox: {
    status: 400,
    message: 'The mock holds no such sandbox.',
    when: 'a request names (with `X-Mock-Sandbox` or the `mock_sandbox` cookie) a sandbox the mock does not hold; the message names it',
  },
  reservedKey: {
    status: 403,
    message: 'This data key is reserved and read-only.',
    when: '`PUT`/`DELETE` of an `svc_` data key (the message names the key)',
  },
  hostNotAllowed: {
    status: 403,
    message: 'This Host is not served; allow it with --allowed-host <name> (or ALLOWED_HOSTS).',
    when: 'the `Host` header names neither the listening address, `localhost`, an IP address nor an allowed host',
  },
  crossOriginControl: {
    status: 403,
    message: "The control API only takes changes from the mock's own page, not from another origin.",
    when: "a control request that changes state comes from another origin's page",
  },
  originNotAllowed: {
    status: 403,
    message: 'This origin may not call the API through the proxy; allow it with --cors-origin <origin>.',
    when: 'with `--proxy-token`, a page of an origin not given with `--cors-origin`',
  },
  notFound: { status: 404, message: 'Not found.', when: 'unknown article, route, or data key' },
  methodNotAllowed: {
    status: 405,
    message: 'Method not allowed.',
    when: 'a known path with another method; `Allow` lists the right ones',
  },
  payloadTooLarge: {
    status: 413,
    message: 'Request body is too large.',
    when: 'a body over the limit; the message names the limit in bytes',
  },
  tooManySandboxes: {
    status: 409,
    message: 'The mock holds as many sandboxes as it may.',
    when: '`POST /__mock/sandboxes` while the mock holds its most (64 unless `maxSandboxes` says otherwise)',
  },
  tooManyScenarios: {
    status: 409,
    message: 'The mock holds as many scenarios as it may.',
    when: 'saving a new scenario while the mock holds its most (128 with `default`, unless `maxScenarios` says otherwise)',
  },
  queryTooLong: { status: 414, message: 'The query string is too long.', when: 'a query over the limit' },
  unsupportedMediaType: {
    status: 415,
    message: 'Content-Type must be application/json.',
    when: 'a `PUT`/`POST` without a JSON content type, or with another charset or encoding',
  },
  validationFailed: {
    status: 422,
    message: 'Validation failed.',
    when: 'a payload or query that breaks the schemas or a limit; `errors` names every field',
  },
  injectedFault: {
    status: 503,
    message: 'Fault injected by the mock.',
    when: 'a fault set with `--fail-*` or `/__mock/faults`, with the chosen status',
  },
  notSaved: {
    status: 503,
    message: 'The change could not be saved, so it was not acknowledged.',
    when: 'with `--persist`, the database could not commit the write (a full disk, a removed file, ...); the message names the cause',
  },
  notReadable: {
    status: 503,
    message: 'The site as saved could not be read.',
    when: 'with `--persist`, a read could not read the database (another program locks it, ...); the message names the cause',
  },
  invalidResponse: {
    status: 500,
    message: 'The mock produced an answer that breaks the interface.',
    when: "the mock's own answer failed its strict self-check (a bug in the mock or a fixture)",
  },
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

/** `1048576 bytes (1 MiB)`; a limit below 1 KiB in bytes only. */
function describeBytes(bytes: number): string {
  const [size, unit] = bytes >= 1_048_576 ? [bytes / 1_048_576, 'MiB'] : [bytes / 1024, 'KiB'];
  const rounded = Number.isInteger(size) ? String(size) : size.toFixed(1);
  return bytes < 1024 ? `${String(bytes)} bytes` : `${String(bytes)} bytes (${rounded} ${unit})`;
}

/** 413 naming the limit the body went over (`limit` in bytes). */
export const bodyTooLarge = (limit: number): ApiError =>
  new ApiError('payloadTooLarge', { message: `Request body is too large: the limit is ${describeBytes(limit)}.` });
