/**
 * The article read before a write takes its turns on it (turns.ts), and brought up to the moment it
 * holds them, so that no turn is held through a read (interface 4.1 to 4.6). The sequence's own keys
 * no other sequence writes, so the read shows them as they are; of what the others change, a write
 * uses only what is known exactly:
 * - the others' keys, which a full update sends back (4.2): the read's, with the writes on the keys
 *   answered since it left replayed on them (answered-writes.ts);
 * - `comments_count`, from which posts judged as alone are counted (4.6): the read's, plus the posts
 *   that landed after it (`PostTally.landedAfter`; posts go one at a time, so none is under way
 *   while a post holds its turn).
 * When a part it needs is not exactly known, the write reads again, holding its turns.
 *
 * The read need not be a new one: a write takes the sequence's last read after a write of its own
 * (`Real.lastRead`), kept since it was sent, when there is one. What a write judges of its read
 * before is the same either way: its own keys, which that read shows as they are, the attributes
 * no write moves, and the parts above, brought up to now. The judgement is no looser for it: what
 * changed the sequence's keys since that read shows in the read after the write.
 */
import { wholeData, type ArticleRead } from '../checks/steps';
import type { ReadUnderWay } from './answered-writes';
import type { ArticleTurns } from './turns';
import type { Real } from './commands';
import { isObject } from '../failure';

/** What a write needs brought up to now: the others' keys (it sends them back), the comments count (it posts). */
export interface Needs {
  others: boolean;
  count: boolean;
}

/** The article as it is now, and its data with every key, as a full update sends it back. */
export interface ReadNow {
  read: ArticleRead;
  whole: Record<string, unknown>;
}

export class ReadBefore {
  private constructor(
    private readonly turns: ArticleTurns,
    /** The article as read. */
    readonly read: ArticleRead,
    /** When the read left and was answered. */
    readonly span: { sentAt: number; answeredAt: number },
    private readonly reading: ReadUnderWay,
  ) {}

  /** Reads the article (`read`) for a write after it; `done` once no write needs it any more. */
  static async sent(turns: ArticleTurns, read: () => Promise<ArticleRead>): Promise<ReadBefore> {
    const reading = turns.answered.reading();
    try {
      const sentAt = performance.now();
      const article = await read();
      return new ReadBefore(turns, article, { sentAt, answeredAt: performance.now() }, reading);
    } catch (error) {
      reading.done();
      throw error;
    }
  }

  /**
   * The article as it is now, asked once the write holds its turns (and, sending the others' keys,
   * once the key writes under way are known: `KeyWrites.closedFor`); undefined: read again (as
   * when the read showed no data object to build on).
   */
  now(needs: Needs): ReadNow | undefined {
    const data = this.read.article.data;
    const whole = needs.others ? this.reading.replay(wholeData(this.read)) : wholeData(this.read);
    this.done();
    if (!whole || !isObject(data)) return undefined;
    if (!needs.count) return { read: this.read, whole };
    const count = this.read.article.comments_count;
    const landed = this.turns.posted.landedAfter(this.span);
    if (typeof count !== 'number' || landed === undefined) return undefined;
    return { read: { ...this.read, article: { ...this.read.article, comments_count: count + landed } }, whole };
  }

  /** Says no write needs what was answered since the read left (called again: nothing). */
  done(): void {
    this.reading.done();
  }
}

/**
 * The sequence's last read of the article (`Real.lastRead`), taken by a write that brings it up to
 * now, or a new read (`read`) when it has none.
 */
export function readBeforeOf(real: Real, read: () => Promise<ArticleRead>): Promise<ReadBefore> {
  const last = real.lastRead;
  delete real.lastRead;
  return last ? Promise.resolve(last) : ReadBefore.sent(real.turns, read);
}

/** Keeps a read after a write as the sequence's last read of the article, the one before it let go. */
export function keepRead(real: Real, read: ReadBefore): void {
  real.lastRead?.done();
  real.lastRead = read;
}
