/**
 * Sending on a bare `ServerResponse`, for the fast path (fast-path.ts): the same status, headers
 * (in the same order) and bytes as Express's `sendOutcome` (send.ts) and `errorHandler`
 * (errors.ts) produce, without Express's per-request work. An answer is serialised once into a
 * `Prepared`, which the response cache can keep and send again.
 */
import type { ServerResponse } from 'node:http';
import type { Outcome } from '../rules';
import { toApiError } from './errors';

export const jsonContentType = 'application/json; charset=utf-8';

export interface Prepared {
  status: number;
  headers: [string, string][];
  /** Absent for an answer without a body (`res.end()` in Express terms); a Buffer once cached. */
  body?: string | Buffer;
}

/** As Express's `res.status`, which refuses what cannot be a status code. */
function checkedStatus(status: number): number {
  if (!Number.isInteger(status))
    throw new TypeError(`Invalid status code: ${JSON.stringify(status)}. Status code must be an integer.`);
  if (status < 100 || status > 999)
    throw new RangeError(
      `Invalid status code: ${JSON.stringify(status)}. Status code must be greater than 99 and less than 1000.`,
    );
  return status;
}

export function prepareOutcome(outcome: Outcome): Prepared {
  const headers = Object.entries(outcome.headers ?? {});
  const status = checkedStatus(outcome.status);
  if (outcome.body === undefined) return { status, headers };
  return { status, headers, body: JSON.stringify(outcome.body) };
}

export function sendPrepared(response: ServerResponse, prepared: Prepared): void {
  response.statusCode = prepared.status;
  for (const [name, value] of prepared.headers) response.setHeader(name, value);
  const { body } = prepared;
  if (body === undefined) {
    response.end();
    return;
  }
  // Express's `send` drops the body and its headers on 204 and 304, and empties it on 205.
  if (prepared.status === 204 || prepared.status === 304) {
    response.end();
    return;
  }
  // As sendOutcome: an outcome's own Content-Type wins.
  if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', jsonContentType);
  if (prepared.status === 205) {
    response.setHeader('Content-Length', '0');
    response.end();
    return;
  }
  response.setHeader('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
  response.end(body);
}

/** The answer `errorHandler` gives to anything thrown while handling a request. */
export function sendError(response: ServerResponse, error: unknown): void {
  const apiError = toApiError(error);
  if (response.headersSent) {
    response.end();
    return;
  }
  const body = Buffer.from(JSON.stringify(apiError.body));
  response.statusCode = apiError.status;
  response.setHeader('Content-Type', jsonContentType);
  response.setHeader('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
  response.end(body);
}
