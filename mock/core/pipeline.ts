/**
 * The one request pipeline, for the operations of section 4 and the control API alike, for the mock
 * and the validating proxy: a plain request in, a plain answer out. Route (one lookup in the route
 * list, route-list.ts), guard (the guards given; for the mock, CORS on the interface's routes and
 * the query's length; the control answer headers on the rest), then the row's handler: an
 * operation's stages (operation-stage.ts), or in the proxy the forwarding stage in their place, or a
 * control row's handler; any error as the catalogue's answer, and one journal record per answer.
 * Adapters only translate: adapters/node-listener.ts, adapters/express.ts, adapters/fetch-request.ts.
 */
import { errorAnswer, methodNotAllowedAnswer, notFoundAnswer } from './answers';
import type { ServedControl } from './control-stage';
import { controlAnswerHeaders } from './control-table';
import { corsHeaders } from './cors';
import { requireShortQuery } from './limits';
import type { OperationRoute } from './operation-routes';
import { operationStage, type OperationParts } from './operation-stage';
import { headerValue, type PlainAnswer, type PlainRequest } from './plain';
import { splitTarget } from './query';
import {
  noParams,
  routeList,
  type Kept,
  type OperationServing,
  type Route,
  type RouteHandler,
  type Routed,
} from './route-list';

export type { MockState } from './operation-stage';
export type { Kept } from './route-list';

/**
 * The validating proxy's stage in the place of the operations' stages: forwards the request to the
 * deployment and judges what came back. `route` is the routed operation's row; undefined for any
 * other request, which is forwarded unjudged.
 */
export type ForwardStage = (
  request: PlainRequest,
  route: OperationRoute | undefined,
  routed: Routed,
  kept: Kept,
) => Promise<PlainAnswer>;

/** A check before routing, for every route (the API's and the control API's): an answer refuses the request. */
export type Guard = (request: PlainRequest, path: string) => PlainAnswer | undefined;

export interface CoreParts {
  /** The operations of section 4 as the mock answers them; absent in the validating proxy's core. */
  operations?: OperationParts;
  /** The validating proxy's core: every request not of the control API is forwarded (`operations` is then absent). */
  forward?: ForwardStage;
  /** The rows of the control API this server serves, with their handlers. */
  control: ServedControl;
  /** Checks before anything else (security/request-guard.ts: host, origin, control token); their answers carry no CORS. */
  guards?: Guard[];
  /** Called once per answered request, with what the stages kept of it (the body bytes they read, ...). */
  answered?: (request: PlainRequest, answer: PlainAnswer, ms: number, kept: Kept) => void;
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
  /** Every row the core answers, with its handler (route-list.ts). */
  routes: readonly Route[];
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
  const { operations } = parts;
  // The proxy's forwarded answers carry the deployment's headers, CORS included.
  if (api && !operations) return { headers: {} };
  const headers =
    operations && api
      ? corsHeaders(operations.state.corsOrigins, headerValue(request, 'origin'), preflight)
      : { ...controlAnswerHeaders };
  if (preflight && api) return { headers, answer: { status: 204, headers: { 'Content-Length': '0' } } };
  try {
    requireShortQuery(request.originalUrl);
  } catch (error) {
    return { headers, answer: errorAnswer(error) };
  }
  return { headers };
}

/** What one request's answer is finished with: the guard's headers and what the stages kept. */
interface Answering {
  request: PlainRequest;
  started: number;
  headers: Record<string, string>;
  kept: Kept;
}

/** The answer with the guard's headers, recorded; HEAD gets the head of GET. */
function finishAnswer(parts: CoreParts, answering: Answering, plain: PlainAnswer): PlainAnswer {
  const { request, kept } = answering;
  // The guard's headers are this request's own, so the answer's are added to them in place.
  const headers = Object.assign(answering.headers, plain.headers);
  // HEAD gets the head of GET: a stream is never started for it (adapters leave out other bodies).
  const final = plain.stream && request.method === 'HEAD' ? { status: plain.status, headers } : { ...plain, headers };
  // A stream has no end to record; the journal keeps whole exchanges.
  if (!final.stream) parts.answered?.(request, final, performance.now() - answering.started, kept);
  return final;
}

/** How the core answers the interface's addresses: the mock's stages, or forwarded (the proxy). */
function operationServing(parts: CoreParts): OperationServing | undefined {
  if (parts.operations) {
    const stage = operationStage(parts.operations);
    const notFound: RouteHandler = () => notFoundAnswer();
    return { operation: stage, otherMethod: (allow) => () => methodNotAllowedAnswer(allow), unrouted: notFound };
  }
  const { forward } = parts;
  if (!forward) return undefined;
  const unjudged: RouteHandler = (request, routed, kept) => forward(request, undefined, routed, kept);
  return {
    operation: (route) => (request, routed, kept) => forward(request, route, routed, kept),
    otherMethod: () => unjudged,
    unrouted: unjudged,
  };
}

export function createCore(parts: CoreParts): Core {
  const routes = routeList(operationServing(parts), parts.control);

  const handle = (request: PlainRequest): PlainAnswer | Promise<PlainAnswer> => {
    const started = performance.now();
    const { path, search } = splitTarget(request.url);
    const found = routes.find(path, search);
    const guarded = guardStage(parts, request, path, found?.address.api === true);
    const kept: Kept = {};
    const answering: Answering = { request, started, headers: guarded.headers, kept };
    let answer: PlainAnswer | Promise<PlainAnswer>;
    try {
      if (guarded.answer) answer = guarded.answer;
      else {
        // A path no row names is routed too (the proxy forwards it): only then is its own record made.
        const routed: Routed = found ?? { path, search, rawParams: noParams };
        answer = routes.handlerOf(request.method, found, path)(request, routed, kept);
      }
    } catch (error) {
      return finishAnswer(parts, answering, errorAnswer(error));
    }
    if (!(answer instanceof Promise)) return finishAnswer(parts, answering, answer);
    return answer.then(
      (plain) => finishAnswer(parts, answering, plain),
      (error: unknown) => finishAnswer(parts, answering, errorAnswer(error)),
    );
  };

  return { handle, ownUrls: routes.ownUrls, routes: routes.routes };
}
