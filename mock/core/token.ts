/**
 * Optional token check for writes. Authentication is not shown by the interface (section 5); the
 * API family sends the token in `X-API-TOKEN` or `?api_token=`, and answers 401
 * `{"message": "Unauthorized."}`. Reads stay anonymous, as the family allows for these lists.
 * The comparison itself is injected (runtime/token-compare.ts on Node), so the core stays free of
 * Node's crypto and a browser adapter can bring its own.
 */
import { ApiError } from './api-error';

/** True when `given` is the configured token; must take time independent of where they differ. */
export type TokenMatcher = (expected: string, given: unknown) => boolean;

/** The header wins over the query; of repeated values, the first counts. */
function presentedToken(header: string | string[] | undefined, query: Record<string, unknown>): unknown {
  if (header !== undefined) return Array.isArray(header) ? header[0] : header;
  const fromQuery = query.api_token;
  return Array.isArray(fromQuery) ? (fromQuery as unknown[])[0] : fromQuery;
}

export function requireToken(
  matches: TokenMatcher,
  token: string | undefined,
  header: string | string[] | undefined,
  query: Record<string, unknown>,
): void {
  if (token !== undefined && !matches(token, presentedToken(header, query))) throw new ApiError('unauthorized');
}
