/**
 * Comments posted at once (4.6) at the list addresses of 4.5 (plural, singular, the article's
 * comments_url), then every list read whole and the article read; conformance's
 * `judgePostBurst` says whether every acknowledged post is listed once everywhere and counted.
 */
import { allInOrder } from '../concurrent/in-order';
import {
  describeJudged,
  isSuccessStatus,
  judgePostBurst,
  judgePostsMidway,
  nextLink,
  statementsOfBurst,
  type BurstPost,
  type MidwaySight,
  type TimedPost,
} from 'site-articles-schemas/conformance';
import { noteJudged } from '../ledger';
import type { CheckContext } from './check';
import { listAt, readAfterPosts, type AfterPosts } from './comment-lists';
import { pathOf, type ArticleRead } from './steps';
import { failWithTimeline, isObject } from '../failure';
import { isDeepStrictEqual } from 'node:util';
import { timelineOf, type Seen } from '../concurrent/burst';

/** A comment the suite posts (4.6: every field it asks). */
export interface BurstComment {
  author: string;
  author_email: string;
  body: string;
}

/** A comment the suite posts in a burst, marked as the run's; `index` tells it from the others. */
export const burstComment = (context: CheckContext, index: number, count: number, of = ''): BurstComment => ({
  author: `${context.marker} ${String(index + 1)}`,
  author_email: 'contract@example.com',
  body: `Posted at once, ${String(index + 1)} of ${String(count)}${of}`,
});

/** The article and every list as read after posts, and the list addresses read. */
export interface PostsRead {
  after: ArticleRead;
  lists: { address: string; items: unknown[] }[];
  addresses: string[];
}

/**
 * The article and every whole list after posts (`readAfterPosts`): at once when the caller holds
 * the posts alone (`postsHeldAlone`) and gives the comments_url read before them (`commentsAt`).
 */
export async function readPostsKept(
  context: CheckContext,
  held: Pick<AfterPosts<unknown>, 'postsHeldAlone' | 'commentsAt'>,
): Promise<PostsRead> {
  const { after, lists, addresses } = await readAfterPosts(context, {
    ...held,
    label: 'reading the article after the posts',
    // Every list shows the one state the posts left, so they are read at once.
    readLists: (listed) =>
      allInOrder(
        listed.map(async ([name, address]) => ({ address: name, items: (await listAt(context, address, name)).items })),
      ),
  });
  return { after, lists, addresses: addresses.map(([, address]) => address) };
}

/**
 * After posts sent at once (`seen`, among other requests of the burst or alone): every list read
 * whole and the article read (`read`, when already under way), and `judgePostBurst` says whether
 * every acknowledged post is listed once everywhere and counted; a failure carries the timeline of
 * the whole burst.
 */
export async function expectPostsKept(
  context: CheckContext,
  {
    countBefore,
    posts,
    seen,
    read = readPostsKept(context, { postsHeldAlone: false, commentsAt: undefined }),
  }: { countBefore: unknown; posts: BurstComment[]; seen: Seen[]; read?: Promise<PostsRead> },
): Promise<undefined> {
  const { after, lists, addresses } = await read;
  const timed = posts.map((comment): TimedPost => {
    const sent = seen.find((one) => isPostOf(one, comment));
    const { author, body } = comment;
    return { author, body, status: sent?.exchange?.status, sentAt: sent?.sentAt ?? 0, answeredAt: sent?.answeredAt };
  });
  const burstPosts: BurstPost[] = timed.map(({ author, body, status }) => ({ author, body, status }));
  const found = [
    ...judgePostBurst({
      countBefore: Number(countBefore),
      posts: burstPosts,
      countAfter: after.article.comments_count,
      lists,
    }),
    ...judgePostsMidway(Number(countBefore), timed, sightsOf(context, seen, addresses)),
  ];
  noteJudged(statementsOfBurst(['postComment'], found.length === 0));
  if (found.length === 0) return undefined;
  const why = describeJudged(found);
  return failWithTimeline(
    `comments posted at once are each listed once at every address and counted (${String(posts.length)} posts)`,
    why,
    timelineOf(seen, why),
    after.exchange,
  );
}

/** Whether a request of the burst is the post of `comment`. */
const isPostOf = (one: Seen, comment: BurstComment): boolean =>
  one.request.method === 'POST' &&
  isDeepStrictEqual((one.request.json as { comment?: unknown } | undefined)?.comment, comment);

/**
 * What the burst's other requests showed of the comments while the posts were under way: each whole
 * list read at one of the article's addresses (a first page that leads on is not whole), and each
 * Article answered at the article's own addresses with its `comments_count`.
 */
function sightsOf(context: CheckContext, seen: Seen[], listed: string[]): MidwaySight[] {
  const article = pathOf('readArticle', context.articleId);
  return seen.flatMap((one): MidwaySight[] => {
    const { exchange, answeredAt } = one;
    if (!exchange || answeredAt === undefined || !isSuccessStatus(exchange.status)) return [];
    const at = { address: `${one.request.method} ${one.request.to}`, sentAt: one.sentAt, answeredAt };
    const json: unknown = exchange.json;
    if (one.request.method === 'GET' && listed.includes(one.request.to) && Array.isArray(json))
      return nextLink(exchange.headers.get('link'), exchange.request.url) ? [] : [{ ...at, items: json }];
    const onArticle = one.request.to === article || one.request.to.startsWith(`${article}/data/`);
    return onArticle && isObject(json) && 'comments_count' in json ? [{ ...at, count: json.comments_count }] : [];
  });
}
