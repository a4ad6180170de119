/**
 * Token masking for the journal (request-journal.ts) and the one-line request log. Tokens never appear in
 * either: every `api_token` query parameter (its name decoded as the query parser decodes it, so
 * `api%5Ftoken` too) and the configured token itself are masked before anything is kept or printed.
 */

function isTokenName(name: string): boolean {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase() === 'api_token';
  } catch {
    return false;
  }
}

/** Tokens shorter than this are guessable anyway; masking them everywhere would garble the log. */
const shortestMaskedToken = 4;

export function maskToken(url: string, token?: string): string {
  const maskable = token !== undefined && token.length >= shortestMaskedToken;
  if (!maskable && !url.includes('=')) return url;
  let masked = url.replace(/([?&][^=&#]*=)[^&#]*/g, (whole, name: string) =>
    isTokenName(name.slice(1, -1)) ? `${name}***` : whole,
  );
  if (maskable) {
    for (const form of new Set([token, encodeURIComponent(token)])) masked = masked.split(form).join('***');
  }
  return masked;
}

export const formatLogLine = (entry: { method: string; path: string; status: number; ms: number }): string =>
  `${entry.method} ${entry.path} ${entry.status} ${entry.ms.toFixed(1)}ms`;
