/**
 * The interface's routes (section 4) on an Express router: each reads the request into a rule's
 * input, runs the rule over the store, and sends the outcome. Write routes need a JSON body
 * (`Content-Type: application/json`, section 4.6 rule 1) and, when configured, the token.
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import type { OperationId } from '../../schemas';
import { ApiError, type Outcome, type RuleContext, type Rules } from '../rules';
import { requireToken } from './auth';
import { methodNotAllowed } from './errors';
import { applyFaults, type Faults } from './faults';
import { articleId, baseUrl, pathParam, selfUrl } from './request-parts';
import { checkOutcome, sendOutcome } from './send';
import type { SiteStore } from '../store/site-store';
import type { Clock } from '../rules/clock';
import { maxJsonDepth, requireJsonWithin, requireShortQuery } from '../rules/limits';

/** What the routes read at request time; the app swaps the store on reset or a new fixture. */
export interface Live {
  store: SiteStore;
  rules: Rules;
  faults: Faults;
  clock: Clock;
  token: string | undefined;
  validateResponses: boolean;
  bodyLimit: string | number;
}

/** The comment list addresses of 4.5, the article's `comments_url`, and the official clients' one. */
export const commentPaths = [
  '/admin/api/articles/:articleId/comments',
  '/admin/api/site/articles/:articleId/comments{.json}',
  '/admin/api/site/article/:articleId/comments{.json}',
];

type Run = (context: RuleContext, request: Request) => Outcome;

function operationHandler(live: Live, operation: OperationId, run: Run): RequestHandler {
  return async (request, response) => {
    await applyFaults(live.faults, operation);
    const outcome = run({ store: live.store, base: baseUrl(request), clock: live.clock }, request);
    if (live.validateResponses) checkOutcome(operation, outcome);
    sendOutcome(response, outcome);
  };
}

const key = (request: Request): string => pathParam(request, 'key');

export function apiRouter(live: Live): Router {
  const router = express.Router();
  const json = express.json({ strict: false, limit: live.bodyLimit, type: 'application/json' });
  const authorised: RequestHandler = (request, _response, next) => {
    requireToken(live.token, request);
    next();
  };
  const jsonOnly: RequestHandler = (request, _response, next) => {
    if (!request.is('application/json')) throw new ApiError('unsupportedMediaType');
    next();
  };
  // Limits (rules/limits.ts): a parsed body no deeper than maxJsonDepth, a query no longer than maxQueryLength.
  const shallow: RequestHandler = (request, _response, next) => {
    requireJsonWithin(request.body, maxJsonDepth);
    next();
  };
  router.use((request, _response, next) => {
    requireShortQuery(request.originalUrl);
    next();
  });
  const read = (operation: OperationId, run: Run): RequestHandler => operationHandler(live, operation, run);
  const write = (operation: OperationId, run: Run): RequestHandler[] => [
    authorised,
    operationHandler(live, operation, run),
  ];
  const writeWithBody = (operation: OperationId, run: Run): RequestHandler[] => [
    authorised,
    jsonOnly,
    json,
    shallow,
    operationHandler(live, operation, run),
  ];

  router
    .route('/admin/api/articles/:articleId')
    .get(read('readArticle', (context, request) => live.rules.readArticle(context, { articleId: articleId(request) })))
    .put(
      writeWithBody('updateArticle', (context, request) =>
        live.rules.updateArticle(context, { articleId: articleId(request), payload: request.body }),
      ),
    )
    .all(methodNotAllowed('GET, HEAD, PUT'));

  router
    .route('/admin/api/articles/:articleId/data/:key')
    .put(
      writeWithBody('setDataKey', (context, request) =>
        live.rules.setDataKey(context, { articleId: articleId(request), key: key(request), payload: request.body }),
      ),
    )
    .delete(
      write('deleteDataKey', (context, request) =>
        live.rules.deleteDataKey(context, { articleId: articleId(request), key: key(request) }),
      ),
    )
    .all(methodNotAllowed('PUT, DELETE'));

  router
    .route(commentPaths)
    .get(
      read('listComments', (context, request) =>
        live.rules.listComments(context, {
          articleId: articleId(request),
          query: request.query,
          selfUrl: selfUrl(request, context.base),
        }),
      ),
    )
    .post(
      writeWithBody('postComment', (context, request) =>
        live.rules.postComment(context, { articleId: articleId(request), payload: request.body }),
      ),
    )
    .all(methodNotAllowed('GET, HEAD, POST'));

  return router;
}
