/**
 * Random sequences side by side (interface section 4): each on its own keys, judged as strictly as
 * alone. Reads and the reads around a write judge only the sequence's own keys (every other
 * sequence's keys left out: `othersOwn`), so only the parts of a write that others' writes could
 * change take a turn on the article (turns.ts): a full update while its data is made and sent (a key
 * write on its own waits only while an update is sent, a removal while one is under way), a post
 * from its send to the lists after it; each is read before it takes its turn (read-before.ts).
 */
import type { Write } from 'site-articles-schemas/conformance';
import type { Session } from '../runner';
import type { CheckContext } from '../checks/check';
import { judgementOf, readLists, sendWrite, type CommentLists, type JudgedWrite } from '../checks/judged';
import { readAfterPosts } from '../checks/comment-lists';
import { pathOf, readArticle, wholeData, type ArticleRead } from '../checks/steps';
import type { Exchange } from '../http/client';
import type { PostBudget, Real } from './commands';
import type { ExploreOptions } from './explore';
import { ArticleTurns, type Span } from './turns';
import { keepRead, readBeforeOf, ReadBefore } from './read-before';

/**
 * What a write holds: a key write on its own (`key`; a removal of a key the sequence does not hold
 * too) holds nothing, but waits while a full update is sent; the removal of a key it holds
 * (`removal`) shares the article's keys; a full update holds them alone while its data (every key of
 * the article) is made and sent; a post holds the article's posts alone from its send to the lists
 * after it.
 */
export type Hold = 'key' | 'removal' | 'update' | 'post';

const readBefore = (context: CheckContext): Promise<ArticleRead> =>
  readArticle(context, 'reading the article before the write', false);

const readAfter = (context: CheckContext): Promise<ArticleRead> =>
  readArticle(context, 'reading the article after the write', false);

/** The write sent, and when it left and was answered. */
async function sent(
  context: CheckContext,
  before: ArticleRead,
  write: Write,
): Promise<{ before: ArticleRead; write: Write; answer: Exchange; span: Span }> {
  const sentAt = performance.now();
  const answer = await sendWrite(context.client, context.articleId, write);
  return { before, write, answer, span: { sentAt, answeredAt: performance.now() } };
}

/** A write on the article's keys, sent in its turn and told to its answered writes (no answer: it may still land). */
const sentTold = (
  turns: ArticleTurns,
  context: CheckContext,
  before: ArticleRead,
  write: Write,
): ReturnType<typeof sent> =>
  turns.answered.sending(
    write,
    () => sent(context, before, write),
    (done) => done.answer,
  );

/**
 * A key write (4.3) on its own, or a removal (4.4) of a key the sequence does not hold, waits only
 * while a full update is being sent (turns.ts); the removal of a key it holds shares the article's
 * keys, so no update lands while it is under way: one that left the key out would have removed it
 * first, and the removal would find it absent. Its read before is the sequence's last read after a
 * write, when it has one (`lastRead`): the write judges only its own keys, which that read shows as
 * they are, and the attributes no write moves (checks/judged.ts).
 */
async function sentKey(
  real: Real,
  hold: 'key' | 'removal',
  make: (whole: Record<string, unknown>) => Write,
): ReturnType<typeof sent> {
  const { context, turns } = real;
  const before = real.lastRead?.read ?? (await readBefore(context));
  const write = make(wholeData(before));
  if (hold === 'removal') return turns.keys.take(false, () => sentTold(turns, context, before, write));
  return turns.keyWrites.send(write, () => sent(context, before, write));
}

/** How many times a full update reads the article before it takes the keys; after the last, it reads holding them. */
const readsBeforeTurn = 2;

/**
 * A full update (4.2): its read before leaves before it takes the keys, and once it holds them
 * alone, what the writes answered since did is replayed on that read (answered-writes.ts): it sends
 * every key of the others as it is now, or as a key write on its own under way leaves it. When one
 * of those writes is not exactly known (a batch), it lets go of the keys and reads again before it
 * takes them again, so that others' writes go on meanwhile; the last time, it reads holding them
 * (read-before.ts).
 */
async function sentUpdate(real: Real, make: (whole: Record<string, unknown>) => Write): ReturnType<typeof sent> {
  for (let tries = 1; ; tries += 1) {
    const done = await triedUpdate(real, make, tries >= readsBeforeTurn);
    if (done) return done;
  }
}

/** One try at a full update; undefined when it let go of the keys to read again (not the `last` try). */
async function triedUpdate(
  real: Real,
  make: (whole: Record<string, unknown>) => Write,
  last: boolean,
): Promise<Awaited<ReturnType<typeof sent>> | undefined> {
  const { context, turns } = real;
  const early = await readBeforeOf(real, () => readBefore(context));
  try {
    return await turns.keys.take(true, () =>
      turns.keyWrites.closedFor(async (overlay) => {
        const now = early.now({ others: true, count: false });
        if (!now && !last) return undefined;
        const before = now?.read ?? (await readBefore(context));
        return sentTold(turns, context, before, make(overlay(now?.whole ?? wholeData(before))));
      }),
    );
  } finally {
    early.done();
  }
}

/**
 * A post, judged as alone: no other post on the article from its read before (read before it takes
 * the posts, and counted up to now: read-before.ts) to the lists after it; told to the article's tally.
 */
async function judgedPost(real: Real, make: (whole: Record<string, unknown>) => Write): Promise<JudgedWrite> {
  const { context, turns } = real;
  const early = await readBeforeOf(real, () => readBefore(context));
  return turns.posts.take(true, async () => {
    const before = early.now({ others: false, count: true })?.read ?? (await readBefore(context));
    const write = make(wholeData(before));
    const post = turns.posted.sending();
    const answer = await sendWrite(context.client, context.articleId, write);
    post.answered(answer.status);
    // No other post lands until the turn ends.
    let lists: CommentLists | undefined;
    const after = await ReadBefore.sent(turns, async () => {
      const read = await readAfterPosts(context, {
        postsHeldAlone: true,
        commentsAt: before.article.comments_url,
        label: 'reading the article after the write',
        readLists: (addresses) => readLists(context, addresses),
      });
      lists = read.lists;
      return read.after;
    });
    keepRead(real, after);
    return judgementOf(context, write, { before, answer, after: after.read, ...(lists ? { lists } : {}) });
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
    hold === 'update' ? await sentUpdate(real, make) : await sentKey(real, hold, make);
  const after = await ReadBefore.sent(turns, () => readAfter(context));
  keepRead(real, after);
  const commentsBetween = turns.posted.between(span, after.span);
  return judgementOf(context, write, { before, answer, after: after.read, commentsBetween });
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
  /**
   * The removals of ended sequences' keys under way beside the sequences that started after them,
   * and those that failed: one that succeeds is dropped, so a long run keeps only these.
   */
  removals: Set<Removal>;
  /** Sequences at once: with one, a sequence's removal ends before the next starts (one after another). */
  slots: number;
}

/** The removal of one ended sequence's keys, and which sequence on which article it is for. */
export interface Removal {
  of: string;
  articleId: number;
  done: Promise<void>;
  /** Why it failed, once it did. */
  failed?: string;
}

export function sequenceRun(
  session: Session,
  options: ExploreOptions,
  budget: PostBudget,
  articleIds: number[],
  slots: number,
): SequenceRun {
  return {
    session,
    options,
    budget,
    turns: new Map(articleIds.map((id) => [id, new ArticleTurns()])),
    started: 0,
    removals: new Set(),
    slots,
  };
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
 * Removes the keys a sequence left (as its model holds them), so a long run's article does not
 * grow; the end of the run restores the rest. The removals wait only while a full update is sent,
 * which leaves their keys out (`KeyWrites`), and judge nothing, so the sequence's slot goes on to
 * the next sequence meanwhile (`removed`), unless sequences run one at a time: then the next waits
 * for it. `of` names the sequence and its article. It settles once every DELETE has, one failing
 * included: the others are still under way until then.
 */
export async function removeKeysOf(
  run: SequenceRun,
  context: CheckContext,
  turns: ArticleTurns,
  { left, of }: { left: string[]; of: string },
): Promise<void> {
  if (left.length === 0) return;
  const removal: Removal = {
    of,
    articleId: context.articleId,
    done: turns.keyWrites
      .removeAll(left, (key) =>
        context.client.send({ method: 'DELETE', to: pathOf('deleteDataKey', context.articleId, key) }),
      )
      .then((settled) => {
        const failed = settled.find((one) => one.status === 'rejected');
        if (failed) throw failed.reason;
      }),
  };
  run.removals.add(removal);
  // A removal that fails is told once every sequence has ended (`removed`), not before.
  const settling = removal.done.then(
    () => run.removals.delete(removal),
    (error: unknown) => (removal.failed = error instanceof Error ? error.message : String(error)),
  );
  if (run.slots <= 1) await settling;
}

/** A removal of an ended sequence's keys that failed: its article, and which sequence and why, in one line. */
export interface FailedRemoval {
  articleId: number;
  text: string;
}

/**
 * Waits until the removals of every ended sequence's keys have settled; what failed, unless the
 * run was stopped (the requests it had not sent then, the end of the run restores). Never rejects:
 * the run's restore comes after it either way, and the run's verdict tells what failed
 * (explore.ts, `withFailedRemovals`).
 */
export async function removed(run: SequenceRun): Promise<FailedRemoval[]> {
  await Promise.allSettled([...run.removals].map((removal) => removal.done));
  if (run.options.stopped?.() ?? false) return [];
  return [...run.removals].flatMap(({ of, articleId, failed }) =>
    failed === undefined ? [] : [{ articleId, text: `removing the keys of ${of} failed: ${failed}` }],
  );
}

/** What a failure of `--explore` tells at least (explore.ts, `ExploreFailure`). */
interface Told {
  text: string;
  steps: string[];
  curls: string[];
}

/**
 * An article's failure with the removals of its sequences' keys that failed (`removed`): told after
 * a failure found; without one, a failure of their own (the target broke while they were removed).
 */
export function withFailedRemovals<Failure extends Told>(
  failure: Failure | undefined,
  removals: FailedRemoval[],
): Failure | Told | undefined {
  if (removals.length === 0) return failure;
  const told = removals.map((removal) => removal.text).join('\n');
  if (failure) return { ...failure, text: `${failure.text}\n\nAfter it, ${told}` };
  return { text: `every sequence passed, but the run could not remove their keys:\n${told}`, steps: [], curls: [] };
}

/**
 * Runs `slots` workers side by side until every one has ended, then throws what the first that
 * threw threw: the run's removals and restore come after the last sequence under way, not after
 * the first to fail.
 */
export async function allWorkers(slots: number, worker: () => Promise<void>): Promise<void> {
  const ended = await Promise.allSettled(Array.from({ length: slots }, worker));
  const thrown = ended.find((one) => one.status === 'rejected');
  if (thrown) throw thrown.reason;
}
