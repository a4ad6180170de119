/**
 * What the random sequences side by side on one article (interface section 4) hold, and only while
 * a step needs it. The article's data is one object: a full update (4.2) sends every key back as it
 * read it, so no other sequence's key write (4.3, 4.4) may land between its read and its answer
 * (`keys`: key writes share it, a full update holds it alone). Posts (4.6) hold `posts` alone, so
 * each post is judged as alone (its count grows by one, it is listed once, every list counted);
 * the comments they post are told to `posted`, so a write beside them judges its answer's
 * `comments_count` against every moment a post may have landed. Reads hold nothing: each judges
 * only its own sequence's keys, which no other sequence changes.
 */

/** Steps that share one thing at once, or one that holds it alone; one waiting alone goes before new sharers. */
export class Turn {
  private sharing = 0;
  private alone = false;
  private waitingAlone = 0;
  private readonly waiters: (() => void)[] = [];

  async take<T>(alone: boolean, work: () => Promise<T>): Promise<T> {
    if (alone) this.waitingAlone += 1;
    while (alone ? this.alone || this.sharing > 0 : this.alone || this.waitingAlone > 0)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (alone) {
      this.waitingAlone -= 1;
      this.alone = true;
    } else this.sharing += 1;
    try {
      return await work();
    } finally {
      if (alone) this.alone = false;
      else this.sharing -= 1;
      for (const wake of this.waiters.splice(0)) wake();
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

/** One article's turns: its data keys, its posts, and the comments posted on it. */
export class ArticleTurns {
  readonly keys = new Turn();
  readonly posts = new Turn();
  readonly posted = new PostTally();
}
