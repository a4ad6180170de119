/**
 * The Node side of the token check (core/token.ts): a constant-time comparison through node:crypto,
 * loaded when a token is first compared. Loading it takes a few milliseconds of the mock's start,
 * and the first answer rarely needs it: no token is asked for unless one is set (BENCHMARKS.md).
 */
import type * as Crypto from 'node:crypto';

let crypto: typeof Crypto | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const loadCrypto = (): typeof Crypto => (crypto ??= require('node:crypto') as typeof Crypto);

const digest = (text: string): Buffer => loadCrypto().createHash('sha256').update(text).digest();

/** Compares in constant time: equal-length digests, so neither length nor content leaks. */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  return loadCrypto().timingSafeEqual(digest(expected), digest(given));
}

/** Random bytes in base64url, for a control token made at start (beyond loopback only). */
export const randomToken = (bytes: number): string => loadCrypto().randomBytes(bytes).toString('base64url');
