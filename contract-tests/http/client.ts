/**
 * The suite's only way to reach a target: real HTTP with the global `fetch`. Every answer is
 * kept whole (status, headers, text, parsed JSON) together with a `curl` command that repeats
 * the request, so a failed check can show both; what proves the run's settings wrong (no answer in
 * time, an answer over the size cap, no TLS: target-problem.ts) is thrown as a TargetProblem and
 * told to the run's watch, which stops the checks' client.
 */
import { setMaxListeners } from 'node:events';
import { readCapped } from './body';
import { curlCommand, type SentRequest } from './curl';
import { defaultLimits, type Limits } from './limits';
import { problemOfFailure, TargetProblem, tlsHelloRefused, tokenWanted } from './target-problem';
import { TargetWatch } from './watch';
import { SettledReads } from './settled-reads';

export interface Exchange {
  request: SentRequest;
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; `undefined` when the body is empty or not JSON. */
  json: unknown;
  curl: string;
  /** When the request left (ISO 8601) and how long its whole answer took, for a failure's saved exchange. */
  timing?: { sentAt: string; tookMs: number };
}

export interface RequestSpec {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** A path below the base address (`/admin/api/...`) or an absolute address taken from an answer. */
  to: string;
  /** Sent as JSON with `Content-Type: application/json` (interface 4.6, rule 1). */
  json?: unknown;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface ClientOptions extends Partial<Limits> {
  /** Shared by a run's clients: the first setting problem one finds stops those that can be stopped. */
  watch?: TargetWatch;
}

/** A request sent that got no answer (the connection failed or was closed); `curl` sends it again. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor(
    message: string,
    readonly curl: string,
    options: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** `fetch failed` says little; its cause names the real problem (ECONNREFUSED, a timeout, ...). */
export function describeNetworkError(error: unknown): string {
  // Duck-typed: under jest, errors from node's own fetch come from another realm than `Error`.
  const parts = (value: unknown): { message?: unknown; code?: unknown; cause?: unknown } =>
    typeof value === 'object' && value !== null ? value : {};
  const outer = parts(error);
  const cause = parts(outer.cause);
  const words = [outer.message ?? String(error), cause.message, cause.code].filter(
    (word): word is string => typeof word === 'string' && word !== '',
  );
  return [...new Set(words)].join(': ');
}

/**
 * One request's signal: aborted at its timeout (a TimeoutError, as `AbortSignal.timeout`'s) or when
 * `cutOff` aborts, and let go of once the request ends. Made by hand because `AbortSignal.any` keeps
 * a reference to every signal it makes in the long-lived one it follows until that one aborts, and
 * the timer of `AbortSignal.timeout` outlives an answered request by the whole timeout: a run of
 * hours at a thousand requests a second grew by both.
 */
function requestSignal(timeoutMs: number, cutOff?: AbortSignal): { signal: AbortSignal; end: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  const follow = (): void => {
    controller.abort(cutOff?.reason);
  };
  if (cutOff?.aborted) follow();
  else cutOff?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    end: () => {
      clearTimeout(timer);
      cutOff?.removeEventListener('abort', follow);
    },
  };
}

export class Client {
  readonly baseUrl: string;
  private readonly origin: string;
  private readonly limits: Limits;
  readonly watch: TargetWatch;
  /** Aborted, every read under way ends at once and nothing is sent after: an interrupt, or a setting problem. */
  private readonly stop: AbortSignal | undefined;

  constructor(
    baseUrl: string,
    private readonly token?: string,
    options: ClientOptions = {},
    /** An interrupt of the run; a client that an interrupt stops is stopped by a setting problem too. */
    stop?: AbortSignal,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.limits = { ...defaultLimits, ...definedOnly(options) };
    this.watch = options.watch ?? new TargetWatch();
    this.stop = stop && AbortSignal.any([stop, this.watch.stopped]);
    // Each request in flight follows it (requestSignal): hundreds at once are expected, not a leak.
    if (this.stop) setMaxListeners(0, this.stop);
    this.settledReads = new SettledReads(this.baseUrl);
  }

  /** Paths are appended to the base address, so a base with a path prefix keeps it. */
  address(to: string): string {
    return /^https?:\/\//i.test(to) ? to : new URL(`${this.baseUrl}${to}`).toString();
  }

  /** The request `send` makes of `spec`, as its report and its `curl` show it. */
  requestOf(spec: RequestSpec): SentRequest {
    const url = this.address(spec.to);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const body = spec.json === undefined ? undefined : JSON.stringify(spec.json);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // The token goes to the target only, never to another host an answer may point at.
    const withToken = this.token !== undefined && new URL(url).origin === this.origin;
    return { method: spec.method, url, headers, withToken, ...(body === undefined ? {} : { body }) };
  }

  /** Requests sent and not yet answered: an interrupt waits for the writes among them (`settled`). */
  private readonly inFlight = new Set<Promise<unknown>>();

  /** The last read of each article that nothing can have changed since (`readNow`). */
  private readonly settledReads: SettledReads<Exchange>;

  /**
   * After `stop`, nothing more is sent; a read under way is cut off at once, but a write runs to its
   * answer (or its timeout): cut off, it might still land on the target after the restore.
   */
  async send(spec: RequestSpec): Promise<Exchange> {
    if (this.stop?.aborted) throw new Error(`${spec.method} ${spec.to} was not sent: ${this.stopReason()}`);
    const answered = this.settledReads.sending({ method: spec.method, url: this.address(spec.to) });
    const exchange = this.exchange(spec);
    this.inFlight.add(exchange);
    try {
      const got = await exchange;
      answered(got);
      return got;
    } catch (error) {
      answered(undefined);
      throw error;
    } finally {
      this.inFlight.delete(exchange);
    }
  }

  /**
   * A read of the article at `to` (4.1): the last one when nothing can have changed the article
   * since it was read (settled-reads.ts), else a new one.
   */
  async readNow(to: string): Promise<Exchange> {
    const latest = this.stop?.aborted ? undefined : this.settledReads.latest(this.address(to));
    return latest ?? this.send({ method: 'GET', to });
  }

  /** Resolves once every request sent so far has its answer or has failed. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async exchange(spec: RequestSpec): Promise<Exchange> {
    const exchange = await this.answerTo(this.requestOf(spec));
    const { request, status } = exchange;
    const problem = tokenWanted(request, status, {
      tokenGiven: this.token !== undefined,
      writeAccepted: this.watch.writeAccepted,
    });
    this.watch.answered(request, status);
    if (problem) throw this.watch.found(problem);
    return exchange;
  }

  private async answerTo(request: SentRequest): Promise<Exchange> {
    const { url, headers, withToken, body } = request;
    // Only reads are cut off by a stop (see `send`).
    const signal = requestSignal(this.limits.timeoutMs, request.method === 'GET' ? this.stop : undefined);
    let headersCame = false;
    const answered = this.watch.sending(request);
    const sentAt = new Date().toISOString();
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: request.method,
        headers: withToken && this.token ? { ...headers, 'X-API-TOKEN': this.token } : headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: signal.signal,
      });
      headersCame = true;
      const text = await readCapped(response, this.limits.maxBodyBytes);
      const { status } = response;
      const timing = { sentAt, tookMs: Math.round((performance.now() - started) * 10) / 10 };
      return {
        request,
        status,
        headers: response.headers,
        text,
        json: parseJson(text),
        curl: curlCommand(request),
        timing,
      };
    } catch (error) {
      throw await this.failure(error, request, headersCame);
    } finally {
      signal.end();
      answered();
    }
  }

  /** What to throw for a failed exchange: a setting problem is told to the watch first. */
  private async failure(error: unknown, request: SentRequest, headersCame: boolean): Promise<Error> {
    if (this.stop?.aborted) return new Error(`${request.method} ${request.url} was cut off: ${this.stopReason()}`);
    const problem =
      problemOfFailure(error, request, this.limits, headersCame) ??
      (await tlsHelloRefused(error, request, this.limits, headersCame));
    if (problem) return this.watch.found(problem);
    const curl = curlCommand(request);
    return new NoAnswer(
      `${request.method} ${request.url} got no answer: ${describeNetworkError(error)}\n  reproduce: ${curl}`,
      curl,
      {
        cause: error,
      },
    );
  }

  private stopReason(): string {
    const reason: unknown = this.stop?.reason;
    return reason instanceof TargetProblem ? `the run stopped (${reason.message})` : 'the run was interrupted';
  }
}

/** Options given as undefined keep their defaults. */
const definedOnly = (options: ClientOptions): Partial<Limits> =>
  Object.fromEntries(Object.entries(options).filter(([name, value]) => name !== 'watch' && value !== undefined));
