/**
 * Comments posted at once (4.6) at the list addresses of 4.5 (plural, singular, the article's
 * comments_url), then every list read whole and the article read; conformance's
 * `judgePostBurst` says whether every acknowledged post is listed once everywhere and counted.
 */
import { allInOrder } from '../concurrent/in-order';
import { describeJudged, judgePostBurst, statementsOfBurst, type BurstPost } from 'site-articles-schemas/conformance';
import { noteJudged, noteRequest } from '../ledger';
import type { CheckContext } from './check';
import { listAddresses, listAt } from './comment-lists';
import { readArticle } from './steps';
import { failWithTimeline } from '../failure';
import { isDeepStrictEqual } from 'node:util';
import { sendAtOnce, timelineOf, type Seen } from '../concurrent/burst';

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

/** Posts `count` comments at once, cycling over the list addresses; undefined when all is as stated. */
export async function judgePostBurstOn(context: CheckContext, count: number): Promise<undefined> {
  const origin = performance.now();
  const before = await readArticle(context, 'reading the article before the posts', false);
  const addresses = await listAddresses(context);
  const posts = Array.from({ length: count }, (_, index) => {
    const [name, address] = addresses[index % addresses.length] ?? ['', ''];
    return { comment: burstComment(context, index, count), label: `#${String(index + 1)} POST ${name}`, address };
  });
  const seen = await sendAtOnce(
    context.client,
    posts.map(({ comment, label, address }) => ({
      label,
      request: { method: 'POST', to: address, json: { comment } },
    })),
    origin,
  );
  for (const one of seen) if (one.exchange) noteRequest(one.exchange, false);
  return expectPostsKept(context, {
    countBefore: before.article.comments_count,
    posts: posts.map(({ comment }) => comment),
    seen,
  });
}

/**
 * After posts sent at once (`seen`, among other requests of the burst or alone): every list read
 * whole and the article read, and `judgePostBurst` says whether every acknowledged post is listed
 * once everywhere and counted; a failure carries the timeline of the whole burst.
 */
export async function expectPostsKept(
  context: CheckContext,
  { countBefore, posts, seen }: { countBefore: unknown; posts: BurstComment[]; seen: Seen[] },
): Promise<undefined> {
  const after = await readArticle(context, 'reading the article after the posts', false);
  // Every list shows the one state the posts left, so they are read at once.
  const lists = await allInOrder(
    (await listAddresses(context)).map(async ([name, address]) => ({
      address: name,
      items: (await listAt(context, address, name)).items,
    })),
  );
  const answers = posts.map((comment) => seen.find((one) => isPostOf(one, comment))?.exchange?.status);
  const burstPosts: BurstPost[] = posts.map(({ author, body }, index) => ({ author, body, status: answers[index] }));
  const found = judgePostBurst({
    countBefore: Number(countBefore),
    posts: burstPosts,
    countAfter: after.article.comments_count,
    lists,
  });
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
