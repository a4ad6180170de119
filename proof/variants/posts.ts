/**
 * Variants whose comment posts (4.6) break what the article and its lists must show afterwards:
 * `comments_count` (2.1) stale or counting twice, the new comment listed twice or with a date that
 * is no real date (2.2), or an attribute that moves. Each remembers, per store, what was posted
 * through the interface, so comments of the fixture stay as they are.
 */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { type Outcome, type RuleContext, type Rules } from '../../mock/rules';
import { isoTimestamp } from '../../mock/rules/clock';
import type { SiteStore } from '../../mock/store/site-store';
import { after, storedArticle, type Body, type Variant } from './variant';

const postsSeen = new WeakMap<SiteStore, Map<number, string[]>>();

const identity = (comment: Body): string => JSON.stringify([comment.author, comment.body]);

function postedOn(store: SiteStore, articleId: number): string[] {
  const byArticle = postsSeen.get(store) ?? new Map<number, string[]>();
  postsSeen.set(store, byArticle);
  const posted = byArticle.get(articleId) ?? [];
  byArticle.set(articleId, posted);
  return posted;
}

/** Posts as the mock does and remembers the comment; `also` may change the stored article. */
export function remembering(also: (context: RuleContext, articleId: number) => void = () => undefined): Partial<Rules> {
  return after('postComment', (outcome, context, input) => {
    const comment = (input.payload as { comment?: Body } | null)?.comment;
    if (isSuccessStatus(outcome.status) && comment) {
      postedOn(context.store, input.articleId).push(identity(comment));
      also(context, input.articleId);
    }
    return outcome;
  });
}

type ArticleAnswering = 'readArticle' | 'updateArticle' | 'setDataKey';

/** Shifts `comments_count` in every Article answer (of `names`) by what `shift` says for the posts seen. */
export function countShifted(
  shift: (posts: number) => number,
  names: readonly ArticleAnswering[] = ['readArticle', 'updateArticle', 'setDataKey'],
): Partial<Rules> {
  const shifted = (outcome: Outcome, context: RuleContext, articleId: number): Outcome => {
    const body = outcome.body as Body | undefined;
    if (!isSuccessStatus(outcome.status) || typeof body?.comments_count !== 'number') return outcome;
    const posts = postedOn(context.store, articleId).length;
    return { ...outcome, body: { ...body, comments_count: body.comments_count + shift(posts) } };
  };
  const parts = names.map((name) =>
    after(name, (outcome, context, input) => shifted(outcome, context, input.articleId)),
  );
  return Object.assign(remembering(), ...parts) as Partial<Rules>;
}

/** Changes, in every list answer, the comments posted through the interface. */
function mapPosted(change: (comment: Body) => Body[]): Partial<Rules> {
  return {
    ...remembering(),
    ...after('listComments', (outcome, context, input) => {
      if (!Array.isArray(outcome.body)) return outcome;
      const posted = new Set(postedOn(context.store, input.articleId));
      const items = (outcome.body as Body[]).flatMap((comment) =>
        posted.has(identity(comment)) ? change(comment) : [comment],
      );
      return { ...outcome, body: items };
    }),
  };
}

export const postVariants: Record<string, Variant> = {
  'post-leaves-count-stale': {
    section: '4.6',
    does: 'lists a posted comment but leaves comments_count as it was',
    rules: countShifted((posts) => -posts),
  },
  'post-counts-twice': {
    section: '4.6',
    does: 'grows comments_count by two for every posted comment',
    rules: countShifted((posts) => posts),
  },
  'post-lists-comment-twice': {
    section: '4.6',
    does: 'lists each posted comment twice',
    rules: mapPosted((comment) => [comment, comment]),
  },
  'post-comment-month-13': {
    section: '2.2',
    does: "lists a posted comment's created_at with month 13 (right digits, no real date)",
    rules: mapPosted((comment) => [
      { ...comment, created_at: String(comment.created_at).replace(/^(\d{4})\/\d{2}/, '$1/13') },
    ]),
  },
  'post-moves-published-at': {
    section: '4.6',
    does: "sets the article's published_at to the time of each posted comment",
    rules: remembering((context, articleId) => {
      const article = storedArticle(context, articleId);
      if (article) article.published_at = isoTimestamp(context.clock());
    }),
  },
};

/**
 * Broken only in what a write answers while reads tell the truth: the random sequences side by side
 * judge a key write's answer against the read after it with the posts of other sequences that may
 * have landed in between, and must still find it (proof/suite/explore.test.ts).
 */
export const writeAnswerCountsOneShort: Variant = {
  section: '4.3',
  does: 'answers key writes and full updates with comments_count one short once a comment was posted, reads counting right',
  rules: countShifted((posts) => (posts > 0 ? -1 : 0), ['updateArticle', 'setDataKey']),
};
