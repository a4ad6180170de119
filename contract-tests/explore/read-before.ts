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
 */
import { wholeData, type ArticleRead } from '../checks/steps';
import type { ReadUnderWay } from './answered-writes';
import type { ArticleTurns } from './turns';

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
    private readonly needs: Needs,
    private readonly read: ArticleRead,
    private readonly span: { sentAt: number; answeredAt: number },
    private readonly reading: ReadUnderWay | undefined,
  ) {}

  /** Reads the article (`read`) before the write takes its turns; `done` once it no longer needs it. */
  static async sent(turns: ArticleTurns, needs: Needs, read: () => Promise<ArticleRead>): Promise<ReadBefore> {
    const reading = needs.others ? turns.answered.reading() : undefined;
    try {
      const sentAt = performance.now();
      const article = await read();
      return new ReadBefore(turns, needs, article, { sentAt, answeredAt: performance.now() }, reading);
    } catch (error) {
      reading?.done();
      throw error;
    }
  }

  /**
   * The article as it is now, asked once the write holds its turns (and, sending the others' keys,
   * once the key writes under way are known: `KeyWrites.closedFor`); undefined: read again.
   */
  now(): ReadNow | undefined {
    const whole = this.reading ? this.reading.replay(wholeData(this.read)) : wholeData(this.read);
    this.done();
    if (!whole || !this.needs.count) return whole && { read: this.read, whole };
    const count = this.read.article.comments_count;
    const landed = this.turns.posted.landedAfter(this.span);
    if (typeof count !== 'number' || landed === undefined) return undefined;
    return { read: { ...this.read, article: { ...this.read.article, comments_count: count + landed } }, whole };
  }

  /** Says the write no longer needs what was answered since the read left (called again: nothing). */
  done(): void {
    this.reading?.done();
  }
}
