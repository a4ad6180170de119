/**
 * The mock's side of the one route table (the schemas package's conformance/routes.ts, from the
 * generated catalogue; imported alone, so that the browser's handlers bundle no Node built-in):
 * the path parameters decoded as the rules need them, with a 400 for malformed percent-encoding.
 */
import { ApiError } from './api-error';

export { anyOrigin } from 'site-articles-schemas/conformance/routes';

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
