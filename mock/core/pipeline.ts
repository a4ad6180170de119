/**
 * The mock's one request pipeline, for the operations of section 4 and the control API alike: a
 * plain request in, a plain answer out. Guard (the guards given; CORS for the interface's routes,
 * the control answer headers for the rest; query length), route (section 4's table first, then the
 * control table), then the operation's stages (operation-stage.ts) or the control row's handler
 * (control-stage.ts), any error as the catalogue's answer, and one journal record per answer.
 * Adapters only translate: adapters/node-listener.ts, adapters/express.ts, adapters/fetch-request.ts.
 */
import { errorAnswer } from './answers';
import { controlAnswer, type ServedControl } from './control-stage';
import { controlAnswerHeaders, controlUrlPattern } from './control-table';
import { corsHeaders } from './cors';
import { requireShortQuery } from './limits';
import { operationStage, type OperationParts } from './operation-stage';
import { headerValue, type PlainAnswer, type PlainRequest } from './plain';
import { splitTarget } from './query';
import { matchRoute, routeUrlPatterns, type RouteMatch } from './route-table';

export type { Live } from './operation-stage';

/** A check before routing, for every route (the API's and the control API's): an answer refuses the request. */
export type Guard = (request: PlainRequest, path: string) => PlainAnswer | undefined;

export interface CoreParts {
  /** The operations of section 4; absent in the validating proxy's core, which forwards them instead. */
  operations?: OperationParts;
  /** The rows of the control API this server serves, with their handlers. */
  control: ServedControl;
  /** Checks before anything else (security/guard.ts: host, origin, control token); their answers carry no CORS. */
  guards?: Guard[];
  /** Called once per answered request, with the body bytes when the pipeline read them. */
  answered?: (request: PlainRequest, answer: PlainAnswer, details: { ms: number; body?: Uint8Array }) => void;
}

export interface Core {
  /**
   * Answers any request: an operation of section 4, a row of the control API, or 404. An answer
   * that waits on nothing (a read or a key removal without faults or a disk to wait for) comes back
   * at once, not as a promise: every turn of the event loop's promise queue is work an answer would
   * otherwise spend (BENCHMARKS.md).
   */
  handle(request: PlainRequest): PlainAnswer | Promise<PlainAnswer>;
  /**
   * The core's own URLs, at any origin, as patterns over a whole URL without its query: each route of
   * section 4 (when it answers them) and the control prefix. An MSW handler each, so MSW reports the rest unhandled.
   */
  ownUrls: readonly RegExp[];
}

interface GuardResult {
  /** Headers every answer to this request carries (CORS); a new object for each request. */
  headers: Record<string, string>;
  /** Set when the guard stage answers the request itself (a preflight, or a refusal). */
  answer?: PlainAnswer;
}

/**
 * The guards given (the host and origin checks) come first and answer without CORS. Then the
 * interface's routes get CORS (a preflight is answered here), and every other route (the control
 * API, the workbench) the headers that keep it to the mock's own page. An over-long query is refused.
 */
function guardStage(parts: CoreParts, request: PlainRequest, path: string, api: boolean): GuardResult {
  for (const extra of parts.guards ?? []) {
    const answer = extra(request, path);
    if (answer) return { headers: {}, answer };
  }
  const preflight = request.method === 'OPTIONS';
  const headers = api
    ? corsHeaders(parts.operations?.live.corsOrigins, headerValue(request, 'origin'), preflight)
    : { ...controlAnswerHeaders };
  if (preflight && api) return { headers, answer: { status: 204, headers: { 'Content-Length': '0' } } };
  try {
    requireShortQuery(request.originalUrl);
  } catch (error) {
    return { headers, answer: errorAnswer(error) };
  }
  return { headers };
}

/** What one request's answer is finished with: the guard's headers and what the pipeline read. */
interface Answering {
  request: PlainRequest;
  started: number;
  headers: Record<string, string>;
  read: { body?: Uint8Array };
}

/** The answer with the guard's headers, recorded; HEAD gets the head of GET. */
function finishAnswer(parts: CoreParts, answering: Answering, plain: PlainAnswer): PlainAnswer {
  const { request, read } = answering;
  // The guard's headers are this request's own, so the answer's are added to them in place.
  const headers = Object.assign(answering.headers, plain.headers);
  // HEAD gets the head of GET: a stream is never started for it (adapters leave out other bodies).
  const final = plain.stream && request.method === 'HEAD' ? { status: plain.status, headers } : { ...plain, headers };
  // A stream has no end to record; the journal keeps whole exchanges.
  if (!final.stream) parts.answered?.(request, final, { ms: performance.now() - answering.started, body: read.body });
  return final;
}

export function createCore(parts: CoreParts): Core {
  const operations = parts.operations && operationStage(parts.operations);
  const routeOf = (method: string, path: string): RouteMatch | undefined =>
    operations ? matchRoute(method, path) : undefined;

  const handle = (request: PlainRequest): PlainAnswer | Promise<PlainAnswer> => {
    const started = performance.now();
    const { path, search } = splitTarget(request.url);
    const match = routeOf(request.method, path);
    const guarded = guardStage(parts, request, path, match !== undefined);
    const answering: Answering = { request, started, headers: guarded.headers, read: {} };
    let answer: PlainAnswer | Promise<PlainAnswer>;
    try {
      if (guarded.answer) answer = guarded.answer;
      else if (match && operations) answer = operations(request, match, search, answering.read);
      else answer = controlAnswer(parts.control, request, path, search, answering.read);
    } catch (error) {
      return finishAnswer(parts, answering, errorAnswer(error));
    }
    if (!(answer instanceof Promise)) return finishAnswer(parts, answering, answer);
    return answer.then(
      (plain) => finishAnswer(parts, answering, plain),
      (error: unknown) => finishAnswer(parts, answering, errorAnswer(error)),
    );
  };

  return { handle, ownUrls: [...(operations ? routeUrlPatterns() : []), controlUrlPattern] };
}
