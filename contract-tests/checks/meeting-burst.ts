/**
 * One burst of the meeting matrix (concurrent/meetings.ts): reads (4.1), full updates (4.2), key
 * writes (4.3), removals (4.4), list reads (4.5) and posts (4.6) sent at once on one article or on
 * two, and reads sent again each time a request answers while others are still in flight, so a
 * read can land inside a slow write. The data is judged as every burst is (data-burst.ts), the
 * posts as the posts at once are (post-burst.ts), the lists and counts read meanwhile included.
 */
import type { Write } from 'site-articles-schemas/conformance';
import type { CheckContext } from './check';
import { judgeDataBurst, type BurstStep } from './data-burst';
import { expectJudged } from './judged';
import { judgedAtOnce } from './judged-at-once';
import { burstComment, expectPostsKept, type BurstComment } from './post-burst';
import { listAddresses } from './comment-lists';
import { ownKeysOf, readArticle } from './steps';
import { allInOrder } from '../concurrent/in-order';
import type { MeetingKind, Slot } from '../concurrent/meetings';

/** The most reads sent one after another while the burst is under way (sendSpreadOut). */
export const lateReads = 16;

/** The check's context on each article of the burst: its own, then another of the run's. */
function contextsOf(context: CheckContext, burst: Slot[]): CheckContext[] {
  const other = context.otherArticles?.[0];
  const across = burst.some((slot) => slot.article === 1);
  if (!across || other === undefined) return [context];
  const marker = context.markerOn?.(other) ?? context.marker;
  return [context, { ...context, articleId: other, marker }];
}

interface Article {
  context: CheckContext;
  own: Record<string, unknown>;
  addresses: [string, string][];
  comments: BurstComment[];
  /** Posts the burst sends to this article, and whether it sends to another too (the labels say which). */
  posts: number;
  across: boolean;
}

/** The request of one slot: its keys carry the burst's number and the slot's place, so none meets another's. */
function stepOf(slot: Slot, at: number, article: Article, name: (what: string) => string): BurstStep {
  const { articleId } = article.context;
  const n = String(at + 1);
  const label = (what: string): string => `#${n} ${what}${article.across ? ` on ${String(articleId)}` : ''}`;
  const address = article.addresses[at % article.addresses.length] ?? ['', ''];
  const write = (what: string, sent: Write): BurstStep => ({ label: label(what), write: sent, articleId });
  switch (slot.kind) {
    case 'read':
      return { label: label('GET article'), read: true, articleId };
    case 'list':
      return { label: label(`GET list at ${address[0]}`), list: address[1], articleId };
    case 'set':
      return write(`PUT data/…_at${n}`, { operation: 'setDataKey', key: name(`at${n}`), payload: { value: [at] } });
    case 'remove':
      return write(`DELETE data/…_gone${n}`, { operation: 'deleteDataKey', key: name(`gone${n}`) });
    case 'update': {
      // Two new keys, so a read inside an update that lands them one by one sees half of it.
      const data = { ...article.own, [name(`full${n}a`)]: at, [name(`full${n}b`)]: at };
      return write(`PUT article (data + …_full${n}a, b)`, {
        operation: 'updateArticle',
        payload: { article: { data } },
      });
    }
    default: {
      const comment = burstComment(article.context, article.comments.length, article.posts, ` (burst ${name('')})`);
      article.comments.push(comment);
      return {
        ...write(`POST ${address[0]}`, { operation: 'postComment', payload: { comment } }),
        address: address[1],
      };
    }
  }
}

/** Sets the keys the burst removes, on each article, each judged as every write is. */
async function setKeysToRemove(articles: CheckContext[], burst: Slot[], name: (at: number, what: string) => string) {
  for (const [index, context] of articles.entries()) {
    const writes = burst.flatMap((slot, at) =>
      slot.kind === 'remove' && slot.article === index
        ? [
            {
              operation: 'setDataKey' as const,
              key: name(index, `gone${String(at + 1)}`),
              payload: { value: 'to remove' },
            },
          ]
        : [],
    );
    if (writes.length > 0)
      await judgedAtOnce(context, writes, (judged) => {
        expectJudged(judged, 'setting a key the burst removes');
      });
  }
}

/**
 * Sends one burst of the matrix, numbered `number` among the check's, and judges it; the pairs that
 * met are told to the run's tally. Resolves to why it was not judged, if it was not.
 */
export async function judgeMeetingBurst(
  context: CheckContext,
  what: string,
  burst: Slot[],
  number: number,
): Promise<string | undefined> {
  const contexts = contextsOf(context, burst);
  const usable = burst.filter((slot) => slot.article < contexts.length);
  const name = (index: number, key: string): string =>
    `${(contexts[index] ?? context).marker}_m${String(number)}_${key}`;
  await setKeysToRemove(contexts, usable, name);
  const articles = await allInOrder(
    contexts.map(async (one, index): Promise<Article> => ({
      context: one,
      own: ownKeysOf((await readArticle(one, `reading the article before ${what}`)).data),
      addresses: await listAddresses(one),
      comments: [],
      posts: usable.filter((slot) => slot.kind === 'post' && slot.article === index).length,
      across: contexts.length > 1,
    })),
  );
  const steps = usable.map((slot, at) =>
    stepOf(slot, at, articles[slot.article] as Article, (key) => name(slot.article, key)),
  );
  const late = Array.from({ length: lateReads }, (_, at): BurstStep => {
    const articleId = (articles[at % articles.length] as Article).context.articleId;
    return { label: `late read ${String(at + 1)} on ${String(articleId)}`, read: true, articleId };
  });
  const run = await judgeDataBurst(context, what, steps, { late });
  const kinds: MeetingKind[] = [...usable.map((slot) => slot.kind), ...late.map((): MeetingKind => 'read')];
  const articleOf = [...usable.map((slot) => slot.article), ...late.map((_, at) => at % articles.length)];
  context.meetings?.record(
    run.seen.slice(0, run.seen.length - articles.length).map((seen, at) => ({
      kind: kinds[at] ?? 'read',
      article: articleOf[at] ?? 0,
      sentAt: seen.sentAt,
      answeredAt: seen.answeredAt,
    })),
  );
  for (const article of articles)
    if (article.comments.length > 0)
      await expectPostsKept(article.context, {
        countBefore: run.befores.get(article.context.articleId)?.comments_count,
        posts: article.comments,
        seen: run.seen,
      });
  return run.note;
}
