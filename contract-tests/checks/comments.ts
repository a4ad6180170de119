/**
 * Interface sections 2.2 and 4.5: the comment list at every address the interface states, and
 * the shape of each comment in it. Nothing here changes the target; no order is assumed.
 */
import { isDeepStrictEqual } from 'node:util';
import { fail, isObject, show } from '../failure';
import { isRealCommentDate } from 'site-articles-schemas/conformance';
import type { Check, CheckContext } from './check';
import { commentsUrl, listAddresses, listAt } from './comment-lists';
import { pathOf, singularListPath } from './steps';
import { noteBroken } from '../ledger';

function listCheck(id: string, where: string, address: (context: CheckContext) => string | Promise<string>): Check {
  return {
    id,
    section: '4.5',
    title: `answers a JSON array of 2.2 comments at ${where}`,
    changesData: false,
    postsComment: false,
    sharesArticle: true,
    async run(context) {
      await listAt(context, await address(context), where);
      return undefined;
    },
  };
}

const listPlural = listCheck('list-plural', 'site/articles/<id>/comments.json', ({ articleId }) =>
  pathOf('listComments', articleId),
);
const listSingular = listCheck('list-singular', 'site/article/<id>/comments.json', ({ articleId }) =>
  singularListPath(articleId),
);
const listCommentsUrl = listCheck(
  'list-comments-url',
  "the article's comments_url",
  async (context) => (await commentsUrl(context)).address,
);

/** The listed fields of a comment, as one comparable string. */
const listed = (item: unknown): string =>
  JSON.stringify(isObject(item) ? [item.body, item.author, item.created_at] : item);
const sortedListed = (items: unknown[]): string[] => items.map(listed).sort();

const sameEverywhere: Check = {
  id: 'list-same-everywhere',
  section: '4.5',
  title: 'lists the same comments at all three addresses',
  changesData: false,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const lists = await Promise.all(
      (await listAddresses(context)).map(([name, address]) => listAt(context, address, name)),
    );
    const [first, ...others] = lists;
    for (const other of others) {
      if (first && !isDeepStrictEqual(sortedListed(first.items), sortedListed(other.items))) {
        fail(
          `${other.address} lists the same comments as ${first.address}`,
          `${show(other.items)}\ninstead of ${show(first.items)}`,
          ...first.pages,
          ...other.pages,
        );
      }
    }
    return undefined;
  },
};

const commentShape: Check = {
  id: 'comment-shape',
  section: '2.2',
  title: 'lists every comment with a body, an author and a real created_at of the form YYYY/MM/DD HH:MM:SS +0000',
  changesData: false,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const { address } = await commentsUrl(context);
    const list = await listAt(context, address, 'comments_url');
    const wrong = list.items.filter((item) => !isObject(item) || !isRealCommentDate(item.created_at));
    noteBroken(
      'CommentList',
      list.items,
      list.items.flatMap((item, index) => (wrong.includes(item) ? [{ path: `/${String(index)}/created_at` }] : [])),
    );
    if (wrong.length > 0) fail('every created_at is a real date in the stated form', show(wrong), ...list.pages);
    // True of a read-only run too, which posts nothing: the check does not know the run's mode.
    return list.items.length === 0
      ? 'the article has no comments yet, so no listed comment has a shape to check; a run without --read-only posts one and checks its shape'
      : undefined;
  },
};

export const commentChecks: Check[] = [commentShape, listPlural, listSingular, listCommentsUrl, sameEverywhere];
