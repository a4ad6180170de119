/**
 * Optional token check for writes. Authentication is not shown by the interface (section 5); the
 * API family sends the token in `X-API-TOKEN` or `?api_token=`, and answers 401
 * `{"message": "Unauthorized."}`. Reads stay anonymous, as the family allows for these lists.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../rules';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares in constant time: equal-length digests, so neither length nor content leaks. */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/** What the check reads: an Express request, or the fast path's bare request and parsed query. */
export interface TokenCarrier {
  headers: IncomingHttpHeaders;
  query: Record<string, unknown>;
}

function presentedToken(request: TokenCarrier): unknown {
  const header = request.headers['x-api-token'];
  if (header !== undefined) return Array.isArray(header) ? header[0] : header;
  const query = request.query.api_token;
  return Array.isArray(query) ? query[0] : query;
}

export function requireToken(token: string | undefined, request: TokenCarrier): void {
  if (token !== undefined && !tokenMatches(token, presentedToken(request))) throw new ApiError('unauthorized');
}
