/**
 * An answer, or the lack of one, that proves the run's settings wrong rather than the target's
 * conformance: the command stops at the first, restores what it changed and exits 2 with its
 * message. Only what proves a setting problem is one, since a false alarm is the worst defect a
 * contract suite can have; every other answer is the checks' to judge.
 */
import { reservedKeyPrefix } from 'site-articles-schemas/catalogue';
import { BodyOverCap } from './body';
import type { SentRequest } from './curl';
import { formatSeconds, formatSize, type Limits } from './limits';

export class TargetProblem extends Error {
  override name = 'TargetProblem';
}

const named = (request: SentRequest): string => `${request.method} ${request.url}`;

/** Headers never came, or the body never ended: the target was asked and did not answer in time. */
export function noAnswer(request: SentRequest, limits: Limits, headersCame: boolean): TargetProblem {
  const what = headersCame ? 'the answer did not end' : 'no answer';
  return new TargetProblem(
    `${named(request)}: ${what} within ${formatSeconds(limits.timeoutMs)} (--timeout); give a slow target longer with --timeout <s>`,
  );
}

export const tooLarge = (request: SentRequest, limits: Limits): TargetProblem =>
  new TargetProblem(
    `${named(request)} answered more than ${formatSize(limits.maxBodyBytes)} (--max-body), so reading stopped there; raise --max-body if answers that large are meant`,
  );

/** OpenSSL's codes for a TLS handshake answered in plain HTTP (its text is a dump of internals). */
const plainHttpCodes = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG']);

/** `https://` in front of a server that speaks plain HTTP, or undefined when `code` says something else. */
export function notTls(request: SentRequest, code: unknown): TargetProblem | undefined {
  if (!request.url.startsWith('https:') || typeof code !== 'string' || !plainHttpCodes.has(code)) return undefined;
  return new TargetProblem(
    `the target does not speak TLS: ${named(request)} got plain HTTP back (${code}); use http:// in --base-url`,
  );
}

/** What a failed exchange proves about the settings, if anything: an answer too large, none in time, no TLS. */
export function problemOfFailure(
  error: unknown,
  request: SentRequest,
  limits: Limits,
  headersCame: boolean,
): TargetProblem | undefined {
  if (error instanceof BodyOverCap) return tooLarge(request, limits);
  // Duck-typed: under jest, errors from node's own fetch come from another realm than `Error`.
  const { name, cause } = error as { name?: unknown; cause?: { code?: unknown } };
  if (name === 'TimeoutError') return noAnswer(request, limits, headersCame);
  return notTls(request, cause?.code);
}

const isWrite = (request: SentRequest): boolean => request.method !== 'GET';

/**
 * Whether a write may name a reserved key: then a 403 is the target refusing it (2.1), not asking
 * for a token. Read from the text, so a value that merely holds the prefix counts too; that errs
 * only towards judging the answer as a refusal.
 */
function mayNameReservedKey(request: SentRequest): boolean {
  let address = request.url;
  try {
    address = decodeURIComponent(request.url);
  } catch {
    // A malformed escape stays as sent; the prefix is still found if it is there in plain.
  }
  return [address, request.body ?? ''].some((text) => text.includes(reservedKeyPrefix));
}

/**
 * A write refused for want of a token when none was given: a 401 always (the API family's answer
 * to a missing token), a 403 only to a write of no reserved key before the target accepted any
 * write, since later a 403 may be a refusal of that one write.
 */
export function tokenWanted(
  request: SentRequest,
  status: number,
  run: { tokenGiven: boolean; writeAccepted: boolean },
): TargetProblem | undefined {
  if (run.tokenGiven || !isWrite(request)) return undefined;
  const refused = status === 401 || (status === 403 && !run.writeAccepted && !mayNameReservedKey(request));
  if (!refused) return undefined;
  return new TargetProblem(
    `writes answered ${String(status)} and no token was given (${named(request)}): give --token or CONTRACT_API_TOKEN, or use --read-only`,
  );
}
