/**
 * The operations of section 4 as rows of the core's route list, one per method at each address,
 * built from the generated catalogue (`operations`, and the comment list's further addresses): what
 * each row's request must bring, the rule it calls with what, the stages around the rule and the
 * shape its answer is checked against. Nothing here is kept beside the rows: the core reads each
 * fact from the row it routed to (route-list.ts).
 */
import { operations, type OperationId, type ResponseShape } from 'site-articles-schemas/catalogue';
import { parseArticleId, pathsOf } from 'site-articles-schemas/conformance/routes';
import type { Outcome, RuleContext, RuleSet } from '../rules';
import { ApiError } from './api-error';

/** One operation as the catalogue states it. */
export type CatalogueOperation = (typeof operations)[number];

/** A routed request as its rule reads it: the path's parameters decoded, the query, the parsed body. */
export interface OperationRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The target as the client sent it, for the paging links of 4.5. */
  originalUrl: string;
}

/** Calls a row's rule with what it reads of the request. */
export type RuleCall = (rules: RuleSet, context: RuleContext, request: OperationRequest) => Outcome | Promise<Outcome>;

export interface OperationRoute {
  method: string;
  /** The address as the catalogue states it (`/admin/api/articles/{article_id}`). */
  path: string;
  operation: CatalogueOperation;
  /** What the request must bring before the rule runs: the token (a change), a JSON body (a stated request shape). */
  input: { token: boolean; body: boolean };
  rule: RuleCall;
  /** A change waits until it is on disk (`--persist`); a read with a body may come from the response cache. */
  stages: { waitsForDisk: boolean; cached: boolean };
  /** The strict shape a success answer is checked against: the tables' answer, else the mock's own choice. */
  answerShape: ResponseShape;
}

/** The article id of the path: an integer (section 4); anything else names no article. */
export function articleIdOf(params: Record<string, string>): number {
  const id = parseArticleId(params.article_id ?? '');
  if (id === undefined) throw new ApiError('notFound');
  return id;
}

function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, base).toString();
  } catch {
    return `${base}${url.split('?')[0] ?? ''}`;
  }
}

/** Each operation's rule with its input; `satisfies`: a new operation in the tables without one fails to compile. */
const ruleCalls = {
  readArticle: (rules, context, request) => rules.readArticle(context, { articleId: articleIdOf(request.params) }),
  updateArticle: (rules, context, request) =>
    rules.updateArticle(context, { articleId: articleIdOf(request.params), payload: request.body }),
  setDataKey: (rules, context, request) =>
    rules.setDataKey(context, {
      articleId: articleIdOf(request.params),
      key: request.params.key ?? '',
      payload: request.body,
    }),
  deleteDataKey: (rules, context, request) =>
    rules.deleteDataKey(context, { articleId: articleIdOf(request.params), key: request.params.key ?? '' }),
  listComments: (rules, context, request) =>
    rules.listComments(context, {
      articleId: articleIdOf(request.params),
      query: request.query,
      selfUrl: absoluteUrl(request.originalUrl, context.base),
    }),
  postComment: (rules, context, request) =>
    rules.postComment(context, { articleId: articleIdOf(request.params), payload: request.body }),
} satisfies Record<OperationId, RuleCall>;

function routeOf(operation: CatalogueOperation, path: string): OperationRoute {
  const changes = operation.changes !== 'nothing';
  const answer = 'answer' in operation ? operation.answer : undefined;
  return {
    method: operation.method,
    path,
    operation,
    input: { token: changes, body: 'request' in operation },
    rule: ruleCalls[operation.id],
    stages: { waitsForDisk: changes, cached: !changes && answer !== undefined },
    answerShape: answer ?? 'Comment',
  };
}

/** Every operation at every address it is stated at, in the catalogue's order. */
export const operationRoutes: readonly OperationRoute[] = operations.flatMap((operation) =>
  pathsOf(operation.id).map(({ path }) => routeOf(operation, path)),
);
