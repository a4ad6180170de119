/**
 * The concurrent step of `--explore` (interface 4.1 to 4.6): a random batch of key writes,
 * removals, full updates, reads and comment posts on one article, sent at once, each on its own
 * connection. The history (who overlapped whom, what each answered, the read after) is judged by
 * the linearizability check against the model of the article's data (checks/data-burst.ts), so
 * a target may serve the batch in any order it likes; only an outcome no order explains fails. The
 * posts are judged as the fixed checks' posts at once are (checks/post-burst.ts): every
 * acknowledged one listed once at every address, and counted.
 */
import type { Write } from 'site-articles-schemas/conformance';
import { judgeDataBurst, type BurstRun, type BurstStep } from '../checks/data-burst';
import { burstComment, expectPostsKept, readPostsKept, type BurstComment, type PostsRead } from '../checks/post-burst';
import { readArticle, withoutReserved } from '../checks/steps';
import { readBeforeOf, type ReadNow } from './read-before';
import type { SequenceModel, PostBudget, Real, Step } from './commands';
import type { PostTally } from './turns';
import type { CheckContext } from '../checks/check';
import type { Seen } from '../concurrent/burst';

/** One operation of a batch, with the step's own key names (the sequence's prefix is added when sent). */
export type BatchOperation =
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'remove'; key: string }
  | { kind: 'update'; changes: Record<string, unknown> }
  | { kind: 'post' }
  | { kind: 'read' };

export const describeOperation = (operation: BatchOperation): string => {
  switch (operation.kind) {
    case 'set':
      return `set ${operation.key} to ${JSON.stringify(operation.value)}`;
    case 'remove':
      return `remove ${operation.key}`;
    case 'update':
      return `full update with ${JSON.stringify(operation.changes)}`;
    case 'post':
      return 'post a comment';
    default:
      return 'read the article';
  }
};

/** What a batch needs to build its requests: the article's own keys as read before, and the comments it posts. */
interface Sending {
  own: Record<string, unknown>;
  comments: Map<number, BurstComment>;
}

/** The request an operation sends; a full update carries the article's own keys as they are, so it loses none. */
function burstStep(operation: BatchOperation, index: number, real: Real, { own, comments }: Sending): BurstStep {
  const label = `#${String(index + 1)} ${describeOperation(operation)}`;
  const write = (sent: Write): BurstStep => ({ label, write: sent });
  switch (operation.kind) {
    case 'post':
      return write({ operation: 'postComment', payload: { comment: comments.get(index) } });
    case 'set':
      return write({ operation: 'setDataKey', key: real.key(operation.key), payload: { value: operation.value } });
    case 'remove':
      return write({ operation: 'deleteDataKey', key: real.key(operation.key) });
    case 'update': {
      const changes = Object.entries(operation.changes).map(([name, value]): [string, unknown] => [
        real.key(name),
        value,
      ]);
      return write({
        operation: 'updateArticle',
        payload: { article: { data: { ...own, ...Object.fromEntries(changes) } } },
      });
    }
    default:
      return { label, read: true };
  }
}

/**
 * What a full update sends back as it is: every key but reserved ones (read-only: 2.1) and the
 * sequence's own, the keys of sequences beside it included (it holds the keys alone, so they are current).
 */
const sentBack = (whole: Record<string, unknown>, context: { marker: string }): Record<string, unknown> =>
  Object.fromEntries(Object.entries(withoutReserved(whole)).filter(([key]) => !key.startsWith(context.marker)));

/** What a batch came to: its run as sent and read after, and the comments it posted. */
interface BatchOutcome {
  run: BurstRun;
  comments: BurstComment[];
  /** The article and the lists after the posts, read beside the batch's read after. */
  read?: Promise<PostsRead>;
}

/** The batch's posts (their places in it) and the comment each sends, which says which batch it is of. */
function commentsOf(
  batch: BatchOperation[],
  context: CheckContext,
): { posting: number[]; comments: Map<number, BurstComment> } {
  const posting = batch.flatMap((operation, index) => (operation.kind === 'post' ? [index] : []));
  const of = posting.length > 0 ? ` in batch ${String((batchesPosting += 1))}` : '';
  const comments = new Map(posting.map((index, at) => [index, burstComment(context, at, posting.length, of)] as const));
  return { posting, comments };
}

/** A post of a batch as told to the article's tally. */
type Tallied = ReturnType<PostTally['sending']>;

/** Tells the article's tally when each of the batch's posts really left and was answered (no answer: it may still land). */
function tellTally(tallied: Map<number, Tallied>, seen: Seen[], origin: number): void {
  const at = (time: number | undefined): number | undefined => (time === undefined ? undefined : origin + time);
  for (const [index, post] of tallied) {
    const one = seen[index];
    post.answered(one?.exchange?.status, { sentAt: at(one?.sentAt) ?? origin, answeredAt: at(one?.answeredAt) });
  }
}

/**
 * Once the batch's requests have settled, if every one has an answer: the keys are let go (`letGo`)
 * and, when the batch posted, the article and the lists are read after its posts now, beside the
 * batch's own read after (the posts still held alone), at the comments_url read before it. A request
 * without an answer may still land: the keys stay held, and the posts are read after later (`judgePosts`).
 */
function afterAnswers(
  context: CheckContext,
  seen: Seen[],
  { posted, commentsAt, letGo }: { posted: boolean; commentsAt: unknown; letGo: () => void },
): Promise<PostsRead> | undefined {
  if (!seen.every((one) => one.exchange)) return undefined;
  letGo();
  if (!posted) return undefined;
  const read = readPostsKept(context, { postsHeldAlone: true, commentsAt });
  // Awaited when the posts are judged; until then a failure waits there.
  read.catch(() => undefined);
  return read;
}

/** Batches that posted so far in this process: each batch's comments say which one they are. */
let batchesPosting = 0;

export class AtOnceStep implements Step {
  /** `budget` holds the comments the run may still post: a batch that posts takes its posts from it. */
  private readonly posts: number;
  constructor(
    readonly batch: BatchOperation[],
    private readonly budget: PostBudget,
  ) {
    this.posts = batch.filter((operation) => operation.kind === 'post').length;
    this.what = `${String(batch.length)} requests at once`;
  }
  private readonly what: string;
  check = (): boolean => this.posts === 0 || this.budget.allows(this.posts);
  async run(model: SequenceModel, real: Real): Promise<void> {
    if (real.stopped()) return;
    // Taken before the batch is sent: a post that fails may still have landed.
    if (this.posts > 0 && !this.budget.take(this.posts)) return;
    const { context, turns } = real;
    const has = (kind: BatchOperation['kind']): boolean => this.batch.some((operation) => operation.kind === kind);
    const onKeys = has('update') || has('set') || has('remove');
    const needs = { others: has('update'), count: this.posts > 0 };
    // Read before the batch takes its turns (the sequence's last read, or a new one), and brought up
    // to the moment it holds them (read-before.ts). Its own read after is not kept.
    const early =
      onKeys || needs.count
        ? await readBeforeOf(real, () => readArticle(context, `reading the article before ${this.what}`))
        : undefined;
    // Posts alone among posts, through the lists after them; a full update alone on the keys, key
    // writes sharing them (turns.ts), only until every request of the batch is answered (`send`): the
    // batch's read after judges only the sequence's own keys, and the lists judge comments alone. Key
    // writes on their own need not wait for a batch without a full update: its keys are its own.
    const sent = (): Promise<BatchOutcome> =>
      onKeys
        ? turns.batchOnKeys(has('update'), (letGo) => this.send(real, letGo, () => early?.now(needs)))
        : this.send(
            real,
            () => undefined,
            () => early?.now(needs),
          );
    const judged = async (): Promise<void> => this.judgePosts(model, real, await sent());
    try {
      await (this.posts > 0 ? turns.posts.take(true, judged) : judged());
    } finally {
      early?.done();
    }
  }

  /**
   * Sends the batch with the reads around it, and tells the article's tally of its posts. Once every
   * request of the batch is answered, the keys are let go (`release`) before the read after: no one
   * else changes the sequence's own keys, which alone that read judges. One without an answer may
   * still land, so the keys stay held until that read after is answered. `before`: the article as
   * read before the batch took its turns, brought up to now (none: it is read now).
   */
  private async send(real: Real, release: () => void, before: () => ReadNow | undefined): Promise<BatchOutcome> {
    const { context } = real;
    const { posting, comments } = commentsOf(this.batch, context);
    // Told to the article's tally as they leave, so writes beside the batch count them.
    const tallied = new Map<number, Tallied>();
    let read: Promise<PostsRead> | undefined;
    // Full updates send the article's own keys as read just before (reserved keys are read-only: 2.1).
    // "Undecided" (too many orders within the bound) is no finding: the batch is simply not judged.
    const burst = (
      overlay: (data: Record<string, unknown>) => Record<string, unknown>,
      reopen: () => void = () => undefined,
    ): Promise<BurstRun> => {
      // Asked once the turns are held and the key writes under way known (`closedFor`).
      const readBefore = before();
      return judgeDataBurst(
        context,
        this.what,
        (_read, whole) => {
          for (const index of posting) tallied.set(index, real.turns.posted.sending());
          return this.batch.map((operation, index) =>
            burstStep(operation, index, real, { own: sentBack(overlay(whole), context), comments }),
          );
        },
        {
          log: real.log,
          ...(readBefore ? { readBefore } : {}),
          answered: (seen, origin, article) => {
            // Told before the keys are let go, so a write that takes them next counts these posts.
            tellTally(tallied, seen, origin);
            read = afterAnswers(context, seen, {
              posted: posting.length > 0,
              commentsAt: article.comments_url,
              letGo: () => {
                reopen();
                release();
              },
            });
          },
        },
      );
    };
    // A batch with a full update sends the others' keys as their key writes under way leave them (turns.ts).
    const run = this.batch.some((operation) => operation.kind === 'update')
      ? await real.turns.keyWrites.closedFor(burst)
      : await burst((data) => data);
    return { run, comments: [...comments.values()], ...(read ? { read } : {}) };
  }

  /** Follows what the target did, and judges the batch's posts: each listed once at every address, and counted. */
  private async judgePosts(model: SequenceModel, real: Real, { run, comments, read }: BatchOutcome): Promise<void> {
    const { context } = real;
    const { after, before, seen } = run;
    // Which order the target took is its own choice: the model follows what it did.
    model.data = new Map(Object.entries(after).filter(([key]) => key.startsWith(context.marker)));
    if (comments.length === 0) return;
    await expectPostsKept(context, {
      countBefore: before.comments_count,
      posts: comments,
      seen,
      ...(read ? { read } : {}),
    });
    model.posts += comments.length;
  }

  toString = (): string => `at once: ${this.batch.map(describeOperation).join(' | ')}`;
}
