/**
 * Turns everything thrown while handling a request into a JSON error from the catalogue: the
 * ApiErrors of the rules and of the core's own body reading (bad JSON, too large, wrong encoding),
 * a refusal, a saved site that cannot be read, an error carrying a 4xx status. Only a fault of the
 * mock itself is a 5xx.
 */
import { Refusal } from '../rules';
import { UnreadableSite } from '../store/saved-records';
import { ApiError } from './api-error';

interface HttpishError {
  status?: unknown;
  statusCode?: unknown;
  message?: unknown;
}

/** An error that carries a 4xx status of its own (thrown by a rule that replaces the mock's own). */
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
  const known = fromClientError(httpish);
  if (known) return known;
  console.error('mock: unexpected error', error);
  return new ApiError('invalidResponse', { message: 'Internal error in the mock.' });
}
