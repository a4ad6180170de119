/**
 * What the random sequences side by side on one article (interface section 4) hold, and only while
 * a step needs it. The article's data is one object: a full update (4.2) sends every key back as it
 * read it, so no other sequence's removal (4.4) or batch of writes may land between its read and
 * its answer (`keys`: they share it, a full update holds it alone); a key write on its own (4.3)
 * only waits while an update is sent, which sends that key with the value it sets (`keyWrites`).
 * Posts (4.6) hold `posts` alone, so each post is judged as alone (its count grows by one, it is
 * listed once, every list counted); the comments they post are told to `posted`, so a write beside
 * them judges its answer's `comments_count` against every moment a post may have landed. Reads
 * hold nothing: each judges only its own sequence's keys, which no other sequence changes.
 */

/** Steps that share one thing at once, or one that holds it alone; one waiting alone goes before new sharers. */
export class Turn {
  private sharing = 0;
  private alone = false;
  private waitingAlone = 0;
  private readonly waiters: (() => void)[] = [];
  /** How many times the turn was taken. */
  private taken = 0;

  /** A mark, while nothing holds the turn or waits for it; undefined otherwise. */
  quiet(): number | undefined {
    return this.sharing === 0 && !this.alone && this.waitingAlone === 0 ? this.taken : undefined;
  }

  /** Whether, for the one holding the turn alone, no one else took it since `mark` (`quiet`). */
  untakenSince(mark: number | undefined): boolean {
    return mark !== undefined && this.alone && this.taken === mark + 1;
  }

  /**
   * Runs `work` once the turn is free for it; the turn is held until `work` ends, or until it calls
   * `release` (the part that needed the turn done, the rest of its work needing none).
   */
  async take<T>(alone: boolean, work: (release: () => void) => Promise<T>): Promise<T> {
    if (alone) this.waitingAlone += 1;
    while (alone ? this.alone || this.sharing > 0 : this.alone || this.waitingAlone > 0)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.taken += 1;
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
        post.accepted = status !== undefined && status >= 200 && status < 300;
      },
    };
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

/** A key write on its own: the key, the value it sets, and when it was answered. */
interface KeyWrite {
  key: string;
  value: unknown;
  answeredAt: number | undefined;
}

/**
 * Key writes (4.3) sent on their own, which need not wait for a full update of another sequence:
 * the update sends each such write's key with the value it sets, so whichever lands first, the key
 * ends as written and the write finds it as it would alone. Only while an update is being sent
 * (`closedFor`) do new ones wait, so that every one that may land inside the update's window is in
 * what it sends. (A removal cannot go so: an update landing first without its key would leave it
 * nothing to remove; removals share the article's keys instead.)
 */
export class KeyWrites {
  private readonly writes: KeyWrite[] = [];
  private closedBy: Promise<void> | undefined;

  /** Sends a key write once no update is being sent. */
  async send<T>(key: string, value: unknown, work: () => Promise<T>): Promise<T> {
    while (this.closedBy) await this.closedBy;
    const write: KeyWrite = { key, value, answeredAt: undefined };
    this.writes.push(write);
    try {
      return await work();
    } finally {
      write.answeredAt = performance.now();
    }
  }

  /**
   * Sends a full update whose data is made from a read sent at `readSentAt`: no new key write leaves
   * until it is answered, and every one not answered before the read left is in its data with the
   * value it sets (in the order they were sent), or until `reopen` says it was. Full updates take
   * their turns one at a time.
   * Called only by one holding the article's keys alone: forgetting the answered writes here is what
   * lets a later update's early read count (`untakenSince`), and that read can only be current if no
   * one else forgot them meanwhile.
   */
  async closedFor<T>(
    readSentAt: number,
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
      const landing = this.writes.filter((write) => write.answeredAt === undefined || write.answeredAt >= readSentAt);
      // Those answered by now landed before any later update's read: only those under way stay.
      this.writes.splice(0, this.writes.length, ...this.writes.filter((write) => write.answeredAt === undefined));
      return await send(
        (data) => ({
          ...data,
          ...Object.fromEntries(landing.map((write) => [write.key, write.value])),
        }),
        reopen,
      );
    } finally {
      reopen();
    }
  }
}

/** One article's turns: its data keys, its key writes on their own, its posts, and the comments posted on it. */
export class ArticleTurns {
  readonly keys = new Turn();
  readonly keyWrites = new KeyWrites();
  readonly posts = new Turn();
  readonly posted = new PostTally();
}
