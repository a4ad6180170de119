/**
 * CORS for every route (the interface's and `/__mock`): a page on another origin (a dev server on
 * another port) must reach every operation, including the preflighted writes with `X-API-TOKEN`.
 * Any origin, or only the configured ones; the preflight is cached for `preflightMaxAgeSeconds`.
 */
import { ignoredFieldsHeader } from '../rules/context';

export type CorsOrigins = string[] | '*' | undefined;

export const preflightMaxAgeSeconds = 600;
const allowedMethods = 'GET,HEAD,PUT,POST,DELETE';
/** `X-Mock-Sandbox` too: a test's browser may send it to the API on another origin (docs/scenarios.md). */
const allowedHeaders = 'Content-Type,Accept,X-API-TOKEN,X-Mock-Sandbox';
const exposedHeaders = ['Link', 'X-Total-Entries', 'X-Total-Pages', ignoredFieldsHeader].join(',');

/** The headers an answer to `origin` carries; `preflight` for an OPTIONS request. */
export function corsHeaders(
  origins: CorsOrigins,
  origin: string | undefined,
  preflight: boolean,
): Record<string, string> {
  const allowed = origins === undefined || origins === '*' || (origin !== undefined && origins.includes(origin));
  const headers: Record<string, string> = {};
  if (allowed && origin) headers['Access-Control-Allow-Origin'] = origin;
  if (preflight) {
    headers['Access-Control-Allow-Methods'] = allowedMethods;
    headers['Access-Control-Allow-Headers'] = allowedHeaders;
    headers['Access-Control-Max-Age'] = String(preflightMaxAgeSeconds);
  }
  headers['Access-Control-Expose-Headers'] = exposedHeaders;
  headers.Vary = 'Origin';
  return headers;
}
