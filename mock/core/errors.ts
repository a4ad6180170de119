/**
 * Turns everything thrown while handling a request into a JSON error from the catalogue: the
 * rules' ApiErrors, body-reading complaints (bad JSON, too large, wrong encoding) and bad
 * percent-encoding in a path. Only a fault of the mock itself is a 5xx.
 */
import { Refusal } from '../rules';
import { UnreadableSite } from '../store/saved-records';
import { ApiError, bodyTooLarge } from './api-error';

interface HttpishError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  message?: unknown;
  limit?: unknown;
}

/** The complaints of Express's body parser, which still reads the control API's bodies. */
function fromParser(error: HttpishError): ApiError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return new ApiError('malformedJson', { message: `Malformed JSON in the request body: ${String(error.message)}` });
    case 'entity.too.large':
      return typeof error.limit === 'number' ? bodyTooLarge(error.limit) : new ApiError('payloadTooLarge');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('unsupportedMediaType', { message: `Unsupported body encoding: ${String(error.message)}` });
    default:
      return undefined;
  }
}

/** Any other 4xx raised by Express or its parsers (bad percent-encoding, aborted body, ...). */
function fromClientError(error: HttpishError): ApiError | undefined {
  const status = Number(error.status ?? error.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 499) return undefined;
  const message =
    status === 400 && error instanceof URIError
      ? 'Malformed percent-encoding in the path.'
      : typeof error.message === 'string'
        ? error.message
        : 'Bad request.';
  return new ApiError('badRequest', { status, message });
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Refusal) return new ApiError(error.code, error.details);
  if (error instanceof UnreadableSite)
    return new ApiError('notReadable', { message: `The site as saved could not be read: ${error.message}` });
  const httpish = (error ?? {}) as HttpishError;
  const known = fromParser(httpish) ?? fromClientError(httpish);
  if (known) return known;
  console.error('mock: unexpected error', error);
  return new ApiError('invalidResponse', { message: 'Internal error in the mock.' });
}
