/**
 * Random sequences side by side (interface section 4): each on its own keys, judged as strictly as
 * alone. Reads and the reads around a write judge only the sequence's own keys (every other
 * sequence's keys left out: `othersOwn`), so only the parts of a write that others' writes could
 * change take a turn on the article (turns.ts): a key write while it is sent, a full update from
 * its read before to its answer, a post from its read before to the lists after it.
 */
import type { Write } from 'site-articles-schemas/conformance';
import type { Session } from '../runner';
import type { CheckContext } from '../checks/check';
import { judgementOf, readLists, sendWrite, type JudgedWrite } from '../checks/judged';
import { listAddressesWith } from '../checks/comment-lists';
import { pathOf, readArticle, type ArticleRead } from '../checks/steps';
import { isObject } from '../failure';
import type { Exchange } from '../http/client';
import type { PostBudget, Real } from './commands';
import type { ExploreOptions } from './explore';
import { ArticleTurns, type Span } from './turns';

/**
 * What a write holds: a key write shares the article's keys while it is sent; a full update holds
 * them alone from its read before (whose keys it sends back) to its answer; a post holds the
 * article's posts alone throughout.
 */
export type Hold = 'key' | 'update' | 'post';

const readBefore = (context: CheckContext): Promise<ArticleRead> =>
  readArticle(context, 'reading the article before the write', false);

const readAfter = (context: CheckContext): Promise<ArticleRead> =>
  readArticle(context, 'reading the article after the write', false);

/** The data as read, with the keys of other sequences too: a full update sends them back as they are. */
const wholeData = (read: ArticleRead): Record<string, unknown> => {
  const json = read.exchange.json;
  return isObject(json) && isObject(json.data) ? json.data : read.data;
};

/** The write made from the read before it, sent, and when it left and was answered. */
async function sent(
  context: CheckContext,
  before: ArticleRead,
  make: (whole: Record<string, unknown>) => Write,
): Promise<{ before: ArticleRead; write: Write; answer: Exchange; span: Span }> {
  const write = make(wholeData(before));
  const sentAt = performance.now();
  const answer = await sendWrite(context.client, context.articleId, write);
  return { before, write, answer, span: { sentAt, answeredAt: performance.now() } };
}

/** A post, judged as alone: no other post on the article meanwhile; told to the article's tally. */
function judgedPost(real: Real, make: (whole: Record<string, unknown>) => Write): Promise<JudgedWrite> {
  const { context, turns } = real;
  return turns.posts.take(true, async () => {
    const before = await readBefore(context);
    const write = make(wholeData(before));
    const post = turns.posted.sending();
    const answer = await sendWrite(context.client, context.articleId, write);
    post.answered(answer.status);
    // No other post lands until the turn ends, so the read after and the lists may go at once, the
    // lists at the comments_url read before (any change of it is judged on the read after: 2.1).
    const commentsAt = typeof before.article.comments_url === 'string' ? before.article.comments_url : undefined;
    const [after, lists] = await Promise.all([
      readAfter(context),
      readLists(context, commentsAt === undefined ? undefined : listAddressesWith(context, commentsAt)),
    ]);
    return judgementOf(context, write, { before, answer, after, lists });
  });
}

/**
 * The one write judgement (checks/judged.ts) of a sequence's write beside the others: read before,
 * the write, read after (and after a post every list), each part in the turn it needs (`Hold`);
 * the answer's comments_count judged against the posts that may have landed before the read after.
 */
export async function judgedBeside(
  real: Real,
  hold: Hold,
  make: (whole: Record<string, unknown>) => Write,
): Promise<JudgedWrite> {
  const { context, turns } = real;
  if (hold === 'post') return judgedPost(real, make);
  const { before, write, answer, span } =
    hold === 'update'
      ? await turns.keys.take(true, async () => sent(context, await readBefore(context), make))
      : await readBefore(context).then((read) => turns.keys.take(false, () => sent(context, read, make)));
  const readSentAt = performance.now();
  const after = await readAfter(context);
  const read = { sentAt: readSentAt, answeredAt: performance.now() };
  return judgementOf(context, write, { before, answer, after, commentsBetween: turns.posted.between(span, read) });
}

/** What the sequences of one run share: the session, the options, the posts left and each article's turns. */
export interface SequenceRun {
  session: Session;
  options: ExploreOptions;
  budget: PostBudget;
  turns: Map<number, ArticleTurns>;
  /** Sequences (and tries at shrinking one) started so far: each one's keys carry its number. */
  started: number;
  /**
   * The sequence whose failure is being shrunk: the others send nothing more, so the tries at a
   * smaller sequence run alone (and one failure is enough).
   */
  failing?: number;
}

export function sequenceRun(
  session: Session,
  options: ExploreOptions,
  budget: PostBudget,
  articleIds: number[],
): SequenceRun {
  return { session, options, budget, turns: new Map(articleIds.map((id) => [id, new ArticleTurns()])), started: 0 };
}

/** Whether a key is one the run's sequences write (reserved probes included). */
const carries = (key: string, prefix: string): boolean => key.startsWith(prefix) || key.startsWith(`svc_${prefix}`);

/** A sequence's own context: its keys carry its number, and every other sequence's keys are left out of what it judges. */
export function sequenceContext(run: SequenceRun, articleId: number, prefix: string): CheckContext {
  const { session, options } = run;
  return {
    client: session.client,
    articleId,
    marker: prefix,
    concurrency: 1,
    maxInFlight: session.maxInFlight,
    seed: options.seed,
    othersOwn: (key) => carries(key, session.marker) && !carries(key, prefix),
  };
}

/**
 * Removes the keys a sequence left, so a long run's article does not grow; the end of the run
 * restores the rest. The removals are key writes: they share the article's keys while sent.
 */
export async function removeKeysOf(context: CheckContext, turns: ArticleTurns): Promise<void> {
  const read = await context.client.send({ method: 'GET', to: pathOf('readArticle', context.articleId) });
  const data = (read.json as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  const left = Object.keys(data).filter((key) => key.startsWith(context.marker));
  await turns.keys.take(false, () =>
    Promise.all(
      left.map((key) => context.client.send({ method: 'DELETE', to: pathOf('deleteDataKey', context.articleId, key) })),
    ),
  );
}
