/**
 * The pre-Express fast path (BENCHMARKS.md: Express's own per-request work is most of the cost of
 * an answer). A request that reaches the app directly (`http.createServer(app)`, `app.listen`,
 * supertest) and that fast-routes.ts recognises goes through the steps of its Express route in
 * api-routes.ts, in the same order and with the same functions: journal, CORS, query length,
 * token, JSON body (the same body parser), body depth, faults, rule, schema check, send. It gets
 * the same status, headers and body. Everything else, and every request routed through a parent
 * Express app, takes the Express route. The two reads are served from the response cache when
 * the rules are the default ones. fast-path.test.ts holds the two paths to the same answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import express, { type Express } from 'express';
import { defaultRules, type Outcome, type RuleContext, type Rules } from '../rules';
import { maxJsonDepth, requireJsonWithin, requireShortQuery } from '../rules/limits';
import type { Live } from './api-routes';
import { requireToken } from './auth';
import { corsReplay } from './cors-replay';
import { applyFaults } from './faults';
import { fastRoute, type FastRoute } from './fast-routes';
import { prepareOutcome, sendError, sendPrepared } from './raw-send';
import { baseUrl } from './request-parts';
import { ResponseCache } from './response-cache';
import { checkOutcome } from './send';

type Next = (error?: unknown) => void;
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

export interface FastPathParts {
  live: Live;
  /** The app's own CORS middleware (it runs on bare requests). */
  cors: Middleware;
  /** The app's journal and log, given the address to record. */
  record: (request: IncomingMessage, response: ServerResponse, path: string) => void;
}

interface Request {
  route: FastRoute;
  url: string;
  query: Record<string, unknown>;
  body: unknown;
}

function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, base).toString();
  } catch {
    return `${base}${url.split('?')[0] ?? ''}`;
  }
}

function runRule(rules: Rules, context: RuleContext, { route, url, query, body }: Request): Outcome {
  const { articleId, key } = route;
  switch (route.operation) {
    case 'readArticle':
      return rules.readArticle(context, { articleId });
    case 'updateArticle':
      return rules.updateArticle(context, { articleId, payload: body });
    case 'setDataKey':
      return rules.setDataKey(context, { articleId, key, payload: body });
    case 'deleteDataKey':
      return rules.deleteDataKey(context, { articleId, key });
    case 'listComments':
      return rules.listComments(context, { articleId, query, selfUrl: absoluteUrl(url, context.base) });
    case 'postComment':
      return rules.postComment(context, { articleId, payload: body });
  }
}

const usesDefaultRules = (rules: Rules): boolean =>
  (Object.keys(defaultRules) as (keyof Rules)[]).every((name) => rules[name] === defaultRules[name]);

function answer(
  parts: FastPathParts,
  cache: ResponseCache,
  incoming: IncomingMessage,
  response: ServerResponse,
  request: Request,
): void {
  const { live } = parts;
  const context: RuleContext = { store: live.store, base: baseUrl(incoming), clock: live.clock };
  const { operation, articleId } = request.route;
  const cached = (operation === 'readArticle' || operation === 'listComments') && usesDefaultRules(live.rules);
  const cacheKey = `${operation} ${context.base}${request.url}`;
  const hit = cached ? cache.get(context.store, cacheKey, articleId) : undefined;
  if (hit) {
    sendPrepared(response, hit);
    return;
  }
  const outcome = runRule(live.rules, context, request);
  if (live.validateResponses) checkOutcome(operation, outcome);
  const prepared = prepareOutcome(outcome);
  if (cached && prepared.status === 200) cache.set(context.store, cacheKey, articleId, prepared);
  sendPrepared(response, prepared);
}

function afterFaults(
  parts: FastPathParts,
  cache: ResponseCache,
  incoming: IncomingMessage,
  response: ServerResponse,
  request: Request,
): void {
  const { faults } = parts.live;
  const respond = (): void => {
    try {
      answer(parts, cache, incoming, response, request);
    } catch (error) {
      sendError(response, error);
    }
  };
  // The Express route answers after `await applyFaults(...)`, a microtask later even without
  // faults; so does this, so that bytes after a request in the same packet are met the same way.
  if (faults.delayMs === undefined && faults.failure === undefined) queueMicrotask(respond);
  else
    applyFaults(faults, request.route.operation).then(respond, (error: unknown) => {
      sendError(response, error);
    });
}

export function fastPath(
  parts: FastPathParts,
): (incoming: IncomingMessage, response: ServerResponse, route: FastRoute) => void {
  const cache = new ResponseCache();
  const cors = corsReplay(parts.cors);
  const json = express.json({
    strict: false,
    limit: parts.live.bodyLimit,
    type: 'application/json',
  }) as unknown as Middleware;
  const withBody = (incoming: IncomingMessage, response: ServerResponse, request: Request): void => {
    json(incoming, response, (error) => {
      if (error !== undefined && error !== null) {
        sendError(response, error);
        return;
      }
      try {
        request.body = (incoming as { body?: unknown }).body;
        requireJsonWithin(request.body, maxJsonDepth);
      } catch (failure) {
        sendError(response, failure);
        return;
      }
      afterFaults(parts, cache, incoming, response, request);
    });
  };
  return (incoming, response, route) => {
    const url = incoming.url ?? '';
    parts.record(incoming, response, url);
    cors(incoming, response, (corsError) => {
      const request: Request = { route, url, query: {}, body: undefined };
      if (corsError !== undefined && corsError !== null) {
        sendError(response, corsError);
        return;
      }
      try {
        requireShortQuery(url);
        request.query = parseQuery(route.search);
        if (route.operation !== 'readArticle' && route.operation !== 'listComments')
          requireToken(parts.live.token, { headers: incoming.headers, query: request.query });
      } catch (error) {
        sendError(response, error);
        return;
      }
      if (route.body) withBody(incoming, response, request);
      else afterFaults(parts, cache, incoming, response, request);
    });
  };
}

type Handle = (request: IncomingMessage, response: ServerResponse, next?: Next) => void;

/** Puts the fast path in front of the app's own handling of requests that reach it directly. */
export function installFastPath(app: Express, parts: FastPathParts): void {
  const target = app as unknown as { handle: Handle };
  const viaExpress = target.handle.bind(app);
  const fast = fastPath(parts);
  target.handle = (incoming, response, next) => {
    const route = next === undefined ? fastRoute(incoming.method, incoming.url, incoming.headers) : undefined;
    if (route) fast(incoming, response, route);
    else viaExpress(incoming, response, next);
  };
}
