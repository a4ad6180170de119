/** The Node side of the token check (core/token.ts): a constant-time comparison through node:crypto. */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares in constant time: equal-length digests, so neither length nor content leaks. */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(expected), digest(given));
}
