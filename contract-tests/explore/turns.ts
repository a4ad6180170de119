/**
 * What the random sequences side by side on one article (interface section 4) hold, and only while
 * a step needs it. The article's data is one object: a full update (4.2) sends every key back as it
 * is, so no other sequence's removal of a key it holds (4.4) or batch of writes may land between the
 * moment its data is made and its answer (`keys`: they share it, a full update holds it alone); a
 * key write on its own (4.3), or a removal of a key no sequence holds, only waits while an update is
 * sent, which sends that key with the value it sets, or leaves it out (`keyWrites`). The update's
 * read before leaves before it takes the keys: what the writes on them did since is told to
 * `answered` (answered-writes.ts) and replayed on that read (read-before.ts).
 * Posts (4.6) hold `posts` alone, so each post is judged as alone (its count grows by one, it is
 * listed once, every list counted); the comments they post are told to `posted`, so a write beside
 * them judges its answer's `comments_count` against every moment a post may have landed. Reads
 * hold nothing: each judges only its own sequence's keys, which no other sequence changes.
 */
import { isSuccessStatus, type Write } from 'site-articles-schemas/conformance';
import { AnsweredWrites, type WriteAnswer } from './answered-writes';
import { overTheWire } from '../checks/judged';

/** Steps that share one thing at once, or one that holds it alone; one waiting alone goes before new sharers. */
export class Turn {
  private sharing = 0;
  private alone = false;
  private waitingAlone = 0;
  private readonly waiters: (() => void)[] = [];

  /**
   * Runs `work` once the turn is free for it; the turn is held until `work` ends, or until it calls
   * `release` (the part that needed the turn done, the rest of its work needing none).
   */
  async take<T>(alone: boolean, work: (release: () => void) => Promise<T>): Promise<T> {
    if (alone) this.waitingAlone += 1;
    while (alone ? this.alone || this.sharing > 0 : this.alone || this.waitingAlone > 0)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (alone) {
      this.waitingAlone -= 1;
      this.alone = true;
    } else this.sharing += 1;
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      if (alone) this.alone = false;
      else this.sharing -= 1;
      for (const wake of this.waiters.splice(0)) wake();
    };
    try {
      return await work(release);
    } finally {
      release();
    }
  }
}

/** When a request left and when its answer came (performance.now()); no answer yet: undefined. */
export interface Span {
  sentAt: number;
  answeredAt: number | undefined;
}

interface Post extends Span {
  /** Whether the target accepted it (2xx): a refused post surely added nothing, so it only may have landed. */
  accepted: boolean;
}

/**
 * The comments posted on one article so far, each with when it was sent and answered: between an
 * answer and the read after it, those sent after the answer and answered (accepted) before the read
 * left surely landed; any whose span meets the write's and the read's may have.
 */
export class PostTally {
  private readonly posts: Post[] = [];

  /**
   * A post leaving now: `answered` is told its status once its answer came (none: it may still land
   * at any time), and when it really left and was answered, if it was sent at once with others.
   */
  sending(): { answered: (status: number | undefined, span?: Span) => void } {
    const post: Post = { sentAt: performance.now(), answeredAt: undefined, accepted: false };
    this.posts.push(post);
    return {
      answered: (status, span) => {
        post.sentAt = span?.sentAt ?? post.sentAt;
        post.answeredAt = status === undefined ? undefined : (span?.answeredAt ?? performance.now());
        post.accepted = status !== undefined && isSuccessStatus(status);
      },
    };
  }

  /**
   * How many comments the posts added after a read that left and was answered as `read`: those that
   * left after its answer, each answered and accepted (one answered before it left, the read shows).
   * Undefined when one may have landed on either side of it, or whether it landed is not known.
   */
  landedAfter(read: { sentAt: number; answeredAt: number }): number | undefined {
    let count = 0;
    for (const post of this.posts) {
      if (post.answeredAt !== undefined && post.answeredAt < read.sentAt) continue;
      if (post.answeredAt === undefined || !post.accepted || post.sentAt <= read.answeredAt) return undefined;
      count += 1;
    }
    return count;
  }

  /** The comments that surely and that may have landed between a write (`write`) and the read after it (`read`). */
  between(write: Span, read: Span): { least: number; most: number } {
    const readAnswered = read.answeredAt ?? Number.POSITIVE_INFINITY;
    const writeAnswered = write.answeredAt ?? Number.POSITIVE_INFINITY;
    const most = this.posts.filter(
      (post) => post.sentAt < readAnswered && (post.answeredAt ?? Number.POSITIVE_INFINITY) > write.sentAt,
    ).length;
    const least = this.posts.filter(
      (post) =>
        post.accepted &&
        post.sentAt >= writeAnswered &&
        post.answeredAt !== undefined &&
        post.answeredAt <= read.sentAt,
    ).length;
    return { least, most };
  }
}

/** A key write or removal on its own under way: the key, and the value it sets (`removes`: none, it goes). */
type KeyWrite = { key: string; removes: false; value: unknown } | { key: string; removes: true };

/** A key write or removal as it is under way: a key write with its value as the target receives it (JSON has no -0 and no undefined). */
function underWay(write: Write): KeyWrite {
  if (write.operation === 'deleteDataKey') return { key: write.key, removes: true };
  if (write.operation !== 'setDataKey') throw new Error(`${write.operation} is no key write`);
  const value = (overTheWire(write.payload) as { value?: unknown } | null)?.value ?? null;
  return { key: write.key, removes: false, value };
}

/** The data as a key write or removal under way leaves it. */
function landed(data: Record<string, unknown>, write: KeyWrite): Record<string, unknown> {
  if (!write.removes) return { ...data, [write.key]: write.value };
  const { [write.key]: _gone, ...rest } = data;
  return rest;
}

/**
 * Key writes (4.3) sent on their own, and removals (4.4) of keys no sequence has (an ended
 * sequence's, or one its sequence does not hold), which need not wait for a full update of another
 * sequence: the update sends each such write's key with the value it sets, and leaves out each key
 * being removed, so whichever lands first, the key ends as written, or gone. A key write then finds
 * it as it would alone, and so does the removal of a key its sequence does not hold (absent either
 * way). A removal of an ended sequence's key may find it gone already (the update replaced the data
 * first), but what it answers no one judges. (The removal of a key its sequence holds cannot go so:
 * an update landing first would leave it nothing to remove, and its answer is judged; it shares
 * the article's keys instead.) Only while an update is being sent
 * (`closedFor`) do new ones wait, so that every one that may land inside the update's window is in
 * what it sends. Once answered, each is told to the article's answered writes (answered-writes.ts).
 */
export class KeyWrites {
  private readonly underWay = new Set<KeyWrite>();
  private closedBy: Promise<void> | undefined;

  constructor(private readonly answered: AnsweredWrites) {}

  /** Sends a key write or removal (`write`) once no update is being sent; `work` gives back its answer. */
  async send<T extends { answer: WriteAnswer }>(write: Write, work: () => Promise<T>): Promise<T> {
    while (this.closedBy) await this.closedBy;
    return this.beside(underWay(write), write, work, (done) => done.answer);
  }

  /** Removes an ended sequence's keys, once no update is being sent, all at once (`remove` sends one DELETE). */
  async removeAll(
    keys: string[],
    remove: (key: string) => Promise<WriteAnswer>,
  ): Promise<PromiseSettledResult<unknown>[]> {
    while (this.closedBy) await this.closedBy;
    return Promise.allSettled(
      keys.map((key) =>
        this.beside(
          { key, removes: true },
          { operation: 'deleteDataKey', key },
          () => remove(key),
          (answer) => answer,
        ),
      ),
    );
  }

  /**
   * Runs `work`, the write under way meanwhile. Its answer is told (none if it threw) before it stops
   * being under way, so an update finds it in one or the other (or in both, which agree).
   */
  private async beside<T>(
    write: KeyWrite,
    told: Write,
    work: () => Promise<T>,
    answerOf: (done: T) => WriteAnswer,
  ): Promise<T> {
    this.underWay.add(write);
    try {
      return await this.answered.sending(told, work, answerOf);
    } finally {
      this.underWay.delete(write);
    }
  }

  /**
   * Sends a full update: no new key write or removal leaves until it is answered, and every one under
   * way as it closes is in its data (`overlay`: with the value it sets, or without the key it
   * removes), or until `reopen` says it was. What was answered before it closed, a read shows
   * (inside the turn, or replayed up to now). Called only by one holding the article's keys alone,
   * so full updates take their turns one at a time.
   */
  async closedFor<T>(
    send: (overlay: (data: Record<string, unknown>) => Record<string, unknown>, reopen: () => void) => Promise<T>,
  ): Promise<T> {
    let opened = (): void => undefined;
    const closedBy = new Promise<void>((resolve) => (opened = resolve));
    this.closedBy = closedBy;
    const reopen = (): void => {
      if (this.closedBy === closedBy) this.closedBy = undefined;
      opened();
    };
    try {
      const landing = [...this.underWay];
      return await send((data) => landing.reduce(landed, data), reopen);
    } finally {
      reopen();
    }
  }
}

/**
 * One article's turns: its data keys, the writes on them answered while an update's read was under
 * way, its key writes on their own, its posts, and the comments posted on it.
 */
export class ArticleTurns {
  readonly keys = new Turn();
  readonly answered = new AnsweredWrites();
  readonly keyWrites = new KeyWrites(this.answered);
  readonly posts = new Turn();
  readonly posted = new PostTally();

  /**
   * Runs a batch sent at once (at-once.ts) on the keys, alone or sharing them; as it lets go of them
   * (`letGo`, or its end), it is told to the answered writes as one whose outcome is not replayed.
   */
  batchOnKeys<T>(alone: boolean, work: (letGo: () => void) => Promise<T>): Promise<T> {
    return this.keys.take(alone, async (release) => {
      let held = true;
      const letGo = (): void => {
        if (!held) return;
        held = false;
        this.answered.toldBatch();
        release();
      };
      try {
        return await work(letGo);
      } finally {
        letGo();
      }
    });
  }
}
