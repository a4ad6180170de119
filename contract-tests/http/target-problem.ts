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

/** The same address in plain HTTP: `https://host/...` as `http://host:443/...` when it names no port. */
function plainHttpOf(url: string): string {
  const plain = new URL(url);
  const port = plain.port === '' ? '443' : plain.port;
  plain.protocol = 'http:';
  plain.port = port;
  return plain.toString();
}

/**
 * `https://` whose TLS hello the target reset or closed before any answer (ECONNRESET). A
 * plain-HTTP server may do that, and so may a TLS server that refuses this client, so the same
 * address is asked once in plain HTTP (a GET, which changes nothing): only an HTTP answer there
 * makes it a setting problem.
 */
export async function tlsHelloRefused(
  error: unknown,
  request: SentRequest,
  limits: Limits,
  headersCame: boolean,
): Promise<TargetProblem | undefined> {
  const { cause } = error as { cause?: { code?: unknown } };
  if (headersCame || !request.url.startsWith('https:') || cause?.code !== 'ECONNRESET') return undefined;
  try {
    const answer = await fetch(plainHttpOf(request.url), {
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.min(limits.timeoutMs, 5_000)),
    });
    await answer.body?.cancel();
  } catch {
    return undefined;
  }
  return new TargetProblem(
    `the target does not speak TLS: ${named(request)} had its TLS hello reset (ECONNRESET), and plain HTTP answers at that address; use http:// in --base-url`,
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
 * write, since later a 403 may be a refusal of that one write. When a token was given, a 401 to a
 * write says that token is not taken (mistyped, rotated, or for reads only); a 403 stays the
 * checks' to judge, as it may refuse that one write.
 */
export function tokenWanted(
  request: SentRequest,
  status: number,
  run: { tokenGiven: boolean; writeAccepted: boolean },
): TargetProblem | undefined {
  if (!isWrite(request)) return undefined;
  if (run.tokenGiven)
    return status === 401
      ? new TargetProblem(
          `writes answered 401 to the token given (${named(request)}): check --token or CONTRACT_API_TOKEN`,
        )
      : undefined;
  const refused = status === 401 || (status === 403 && !run.writeAccepted && !mayNameReservedKey(request));
  if (!refused) return undefined;
  return new TargetProblem(
    `writes answered ${String(status)} and no token was given (${named(request)}): give --token or CONTRACT_API_TOKEN, or use --read-only`,
  );
}
