/**
 * Comments posted at once (4.6) at the list addresses of 4.5 (plural, singular, the article's
 * comments_url), then every list read whole and the article read; conformance's
 * `judgePostBurst` says whether every acknowledged post is listed once everywhere and counted.
 */
import { describeJudged, judgePostBurst, type BurstPost } from 'site-articles-schemas/conformance';
import type { CheckContext } from './check';
import { listAddresses, listAt } from './comment-lists';
import { readArticle } from './steps';
import { failWithTimeline } from '../failure';
import { sendAtOnce, timelineOf } from '../concurrent/burst';

/** Posts `count` comments at once, cycling over the list addresses; undefined when all is as stated. */
export async function judgePostBurstOn(context: CheckContext, count: number): Promise<undefined> {
  const origin = performance.now();
  const before = await readArticle(context, 'reading the article before the posts', false);
  const addresses = await listAddresses(context);
  const posts = Array.from({ length: count }, (_, index) => {
    const [name, address] = addresses[index % addresses.length] ?? ['', ''];
    const comment = {
      author: `${context.marker} ${String(index + 1)}`,
      author_email: 'contract@example.com',
      body: `Posted at once, ${String(index + 1)} of ${String(count)}`,
    };
    return { comment, label: `#${String(index + 1)} POST ${name}`, address };
  });
  const seen = await sendAtOnce(
    context.client,
    posts.map(({ comment, label, address }) => ({
      label,
      request: { method: 'POST', to: address, json: { comment } },
    })),
    origin,
  );
  const after = await readArticle(context, 'reading the article after the posts', false);
  const lists = [];
  for (const [name, address] of addresses)
    lists.push({ address: name, items: (await listAt(context, address, name)).items });
  const burstPosts: BurstPost[] = posts.map(({ comment }, index) => ({
    author: comment.author,
    body: comment.body,
    status: seen[index]?.exchange?.status,
  }));
  const found = judgePostBurst({
    countBefore: Number(before.article.comments_count),
    posts: burstPosts,
    countAfter: after.article.comments_count,
    lists,
  });
  if (found.length === 0) return undefined;
  const why = describeJudged(found);
  return failWithTimeline(
    `comments posted at once are each listed once at every address and counted (${String(count)} posts)`,
    why,
    timelineOf(seen, why),
    after.exchange,
  );
}
