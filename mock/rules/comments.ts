/**
 * Interface sections 4.5 and 4.6: list the comments of an article, post a new one. The list
 * shape is section 2.2's; the poster's e-mail is stored but never listed.
 */
import type { CommentPostRequest } from 'site-articles-schemas/types';
import { commentDate } from './clock';
import type { ListInput, Outcome, PayloadInput, RuleContext } from './context';
import { requireArticle } from './articles';
import { commentSizeProblems } from './limits';
import { pagingHeaders, readPaging } from './paging';
import { commentAsShown } from '../present/as-shown';
import { requireValid } from './validate-payload';

/** 4.5: newest first, one page at a time; touches only the comments of that page. */
export function listComments(context: RuleContext, input: ListInput): Outcome {
  requireArticle(context, input.articleId);
  const paging = readPaging(input.query);
  const comments = context.store.commentsOf(input.articleId);
  const newest = comments.length - 1 - (paging.page - 1) * paging.perPage;
  const page = [];
  for (let index = newest; index >= 0 && index > newest - paging.perPage; index -= 1) {
    const comment = comments[index];
    if (comment) page.push(commentAsShown(comment));
  }
  return { status: 200, body: page, headers: pagingHeaders(input.selfUrl, paging, comments.length) };
}

/** Blank fields are refused, as the site's own comment form does (`comment_author_blank`, ...). */
function blankFields(payload: unknown): Record<string, string[]> {
  const comment = (payload as { comment?: Record<string, unknown> } | null)?.comment ?? {};
  const blank = ['author', 'author_email', 'body'].filter(
    (field) => typeof comment[field] === 'string' && comment[field].trim() === '',
  );
  return Object.fromEntries(blank.map((field) => [`comment.${field}`, ["can't be blank"]]));
}

/**
 * 4.6: stores the comment, which then appears in the list and in `comments_count`. The interface
 * does not show the answer; the mock sends 200 with the comment in the list shape, because the
 * family's official client treats every status other than 200 and 204 as a failure.
 */
export function postComment(context: RuleContext, input: PayloadInput): Outcome {
  requireArticle(context, input.articleId);
  requireValid('CommentPostRequest', input.payload, {
    ...blankFields(input.payload),
    ...commentSizeProblems(input.payload),
  });
  const { comment } = input.payload as CommentPostRequest;
  const record = {
    article_id: input.articleId,
    author: comment.author,
    author_email: comment.author_email,
    body: comment.body,
    created_at: commentDate(context.clock()),
  };
  context.store.addComment(record);
  return { status: 200, body: commentAsShown(record) };
}
