/**
 * Plain answers: a rule's outcome serialised once, and every error as the catalogue's JSON body.
 * An outcome's own headers win over the default `Content-Type`, so a variant can label an answer
 * as something other than JSON.
 */
import { errorCatalogue } from './api-error';
import { type Outcome } from '../rules';
import { toApiError } from './errors';
import type { PlainAnswer } from './plain';

export const jsonContentType = 'application/json; charset=utf-8';

/** As Express's `res.status` did: what cannot be a status code is the mock's own fault (500). */
function checkedStatus(status: number): number {
  if (!Number.isInteger(status) || status < 100 || status > 999) {
    throw new RangeError(`Invalid status code: ${JSON.stringify(status)}.`);
  }
  return status;
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): PlainAnswer {
  return { status, headers: { 'Content-Type': jsonContentType, ...headers }, body: JSON.stringify(body) };
}

const namesContentType = (headers: Record<string, string>): boolean =>
  Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');

export function outcomeAnswer(outcome: Outcome): PlainAnswer {
  const status = checkedStatus(outcome.status);
  const own = outcome.headers ?? {};
  if (outcome.body === undefined) return { status, headers: { ...own } };
  const headers = namesContentType(own) ? { ...own } : { 'Content-Type': jsonContentType, ...own };
  return { status, headers, body: JSON.stringify(outcome.body) };
}

export function errorAnswer(error: unknown): PlainAnswer {
  const apiError = toApiError(error);
  return jsonAnswer(apiError.status, apiError.body);
}

export const noContentAnswer = (headers: Record<string, string> = {}): PlainAnswer => ({ status: 204, headers });

export const notFoundAnswer = (): PlainAnswer => jsonAnswer(404, { message: errorCatalogue.notFound.message });

export const methodNotAllowedAnswer = (allow: string): PlainAnswer =>
  jsonAnswer(405, { message: errorCatalogue.methodNotAllowed.message }, { Allow: allow });
