/**
 * From a routed plain request to the call of the operation's rule (section 4): the article id of
 * the path (an integer, section 4; anything else names no article), the data key, the query, the
 * parsed body, and the request's absolute address for the paging links of 4.5.
 */
import type { OperationId } from 'site-articles-schemas/catalogue';
import { parseArticleId } from 'site-articles-schemas/conformance/routes';
import { ApiError } from './api-error';
import { type Outcome, type RuleContext, type RuleSet } from '../rules';

export interface OperationRequest {
  operation: OperationId;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The target as the client sent it, for `selfUrl`. */
  originalUrl: string;
}

function articleIdOf(params: Record<string, string>): number {
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

export function runRule(rules: RuleSet, context: RuleContext, request: OperationRequest): Outcome | Promise<Outcome> {
  const articleId = articleIdOf(request.params);
  const key = request.params.key ?? '';
  const payload = request.body;
  switch (request.operation) {
    case 'readArticle':
      return rules.readArticle(context, { articleId });
    case 'updateArticle':
      return rules.updateArticle(context, { articleId, payload });
    case 'setDataKey':
      return rules.setDataKey(context, { articleId, key, payload });
    case 'deleteDataKey':
      return rules.deleteDataKey(context, { articleId, key });
    case 'listComments':
      return rules.listComments(context, {
        articleId,
        query: request.query,
        selfUrl: absoluteUrl(request.originalUrl, context.base),
      });
    case 'postComment':
      return rules.postComment(context, { articleId, payload });
  }
}
