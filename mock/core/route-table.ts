/**
 * The mock's side of the one route table (conformance/routes.ts, from the generated catalogue):
 * the path parameters decoded as the rules need them, with a 400 for malformed percent-encoding.
 */
import { ApiError } from './api-error';

export { matchRoute, type RouteMatch } from '../../conformance/routes';

/** The path parameters decoded; 400 for malformed percent-encoding. */
export function decodedParams(raw: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  try {
    for (const name in raw) {
      const value = raw[name] as string;
      decoded[name] = value.includes('%') ? decodeURIComponent(value) : value;
    }
  } catch {
    throw new ApiError('badRequest', { message: 'Malformed percent-encoding in the path.' });
  }
  return decoded;
}
