/**
 * What the writes on one article's keys did since a full update's read before left (interface 4.2
 * to 4.4), so that the update need not read again once it holds the keys alone: a full update sends
 * every key of the other sequences back as it is (side-by-side.ts), and those keys must be exactly
 * as they are when it lands, or it would undo another sequence's write or removal and that sequence
 * would see a false alarm. Its own keys no one else writes, so its read before, sent while others
 * held the keys, holds them as they are; what it cannot know from that read is the others' keys.
 *
 * So every write that holds the article's keys or is a key write on its own is told here once
 * answered, in the order answered, and kept while a read left before its answer is under way
 * (`reading`). A read is marked just before it leaves, and a write told only once its answer came,
 * so one told before the mark had landed before the read left, and the read shows it; those told
 * since are replayed on it, in the order told, each as the interface says it changes the data
 * (`predictData`, the judgement's own prediction). Why that order is, key by key, the order they
 * landed in, and why one that had landed before the read may be replayed on it again:
 * - Only a sequence writes its own keys, one request after another, so writes on one key by its own
 *   sequence (a key write, a removal, a full update, the removal of its keys once it ended) land and
 *   are answered in the same order; each sets the key, removes it, or leaves it be, so one replayed
 *   on data that already shows it changes nothing.
 * - A full update holds the keys alone: no batch, other update or removal of a key its sequence
 *   holds is under way beside it, so every one of them was answered before it was sent or is sent
 *   after its answer. A key write, or a removal of a key no sequence holds, under way while it is
 *   sent is in its data with the value it sets, or left out (`KeyWrites`), so whichever lands or is
 *   answered first, the key ends as written, or gone. It sets every other key to the value it had,
 *   so it changes only its own keys' values, wherever it stands among another key's writes.
 *   Whether the keys it left out are kept (merged) or gone (replaced) 4.2 leaves open: its answer,
 *   the updated article, says which (no data in the answer, or some kept and some gone: not known).
 * - A removal answered 2xx or 404 leaves the key absent (404: it was not there; a target that
 *   answered so and kept the key breaks 4.4, and a sequence whose model has the key fails on it).
 * - Writes to reserved keys change nothing an update sends (read-only, 2.1; updates leave them out),
 *   so they are not told.
 * Anything whose outcome is not exactly known makes the replay give up (`replay` answers undefined)
 * and the update read again (read-before.ts), as it would without this log: a batch sent at once
 * (the target chooses its order, at-once.ts; told as a whole when it lets go of the keys, after its
 * last answer), a write answered with another status, or one that got no answer (it may land later).
 *
 * Memory stays bounded however long the run (`--duration`): a write is kept only while a read that
 * left before its answer is under way, none is kept while no read is, and once a read is done every
 * write answered before the oldest read still under way is forgotten.
 */
import { predictData, isSuccessStatus, type Write } from 'site-articles-schemas/conformance';
import { isReservedKey } from 'site-articles-schemas/catalogue';
import { overTheWire } from '../checks/judged';
import { isObject } from '../failure';

/** What a write's answer needs to show here: its status, and (a full update) the data it holds. */
export interface WriteAnswer {
  status: number;
  json: unknown;
}

interface Answered {
  /** How many writes were told up to and including it: a read left before it when it left at a smaller count. */
  told: number;
  /** The write as the target received it; undefined: a batch sent at once, whose order the target chose. */
  write: Write | undefined;
  /** Its status; undefined: no answer came, so it may still land. */
  status: number | undefined;
  /** The keys of the data in its answer (a full update's answer says which keys it left out were kept). */
  answerKeys: string[] | undefined;
}

type Data = Record<string, unknown>;

/** A read of the article under way: the writes answered since it left, replayed on what it read. */
export interface ReadUnderWay {
  /** The data as it is now, or undefined when a write answered since the read left is not exactly known. */
  replay(data: Data): Data | undefined;
  /** Says the read no longer needs the writes answered since it left. */
  done(): void;
}

/** The one change a write answered since the read made, or undefined when it is not exactly known. */
function replayed(data: Data, { write, status, answerKeys }: Answered): Data | undefined {
  if (write === undefined || status === undefined) return undefined;
  const absent = write.operation === 'deleteDataKey' && status === 404;
  if (!isSuccessStatus(status) && !absent) return undefined;
  const [merged, replaced] = predictData(data, write, true);
  if (merged === undefined || replaced === undefined) return merged;
  const leftOut = Object.keys(merged).filter((key) => !(key in replaced));
  const kept = leftOut.filter((key) => answerKeys?.includes(key));
  if (answerKeys === undefined && leftOut.length > 0) return undefined;
  if (kept.length === leftOut.length) return merged;
  return kept.length === 0 ? replaced : undefined;
}

const reservedKeyWrite = (write: Write | undefined): boolean =>
  write !== undefined && 'key' in write && isReservedKey(write.key);

const asSent = (write: Write): Write =>
  'payload' in write ? { ...write, payload: overTheWire(write.payload) } : write;

const dataKeys = (answer: WriteAnswer | undefined): string[] | undefined =>
  isObject(answer?.json) && isObject(answer.json.data) ? Object.keys(answer.json.data) : undefined;

/** The writes on one article's keys answered while a read of it was under way, in the order answered. */
export class AnsweredWrites {
  private readonly writes: Answered[] = [];
  /** Writes told so far: the count a read leaving now is marked with. */
  private count = 0;
  /** The count each read under way left at, oldest first. */
  private readonly reads: number[] = [];

  /** How many answered writes are kept now (bounded by the reads under way). */
  get kept(): number {
    return this.writes.length;
  }

  /** A write answered now (`answer` undefined: none came, it may still land), before the keys are let go. */
  told(write: Write, answer: WriteAnswer | undefined): void {
    if (reservedKeyWrite(write)) return;
    this.keep({ write: asSent(write), status: answer?.status, answerKeys: dataKeys(answer) });
  }

  /** Runs `work`, which sends `write`, and tells the answer `answerOf` finds in what it gives back (none if it threw). */
  async sending<T>(write: Write, work: () => Promise<T>, answerOf: (done: T) => WriteAnswer): Promise<T> {
    let answer: WriteAnswer | undefined;
    try {
      const done = await work();
      answer = answerOf(done);
      return done;
    } finally {
      this.told(write, answer);
    }
  }

  /** A batch sent at once let go of the keys, every request of it answered or given up on. */
  toldBatch(): void {
    this.keep({ write: undefined, status: undefined, answerKeys: undefined });
  }

  private keep(answered: Omit<Answered, 'told'>): void {
    // No read under way: every read from now on shows it.
    this.count += 1;
    if (this.reads.length > 0) this.writes.push({ ...answered, told: this.count });
  }

  /** A read of the article leaving now; `done` once its replay is no longer needed (always called). */
  reading(): ReadUnderWay {
    const leftAt = this.count;
    this.reads.push(leftAt);
    let underWay = true;
    return {
      replay: (data) => {
        if (!underWay) throw new Error('an answered-writes replay was asked for after its read was done');
        return this.since(leftAt, data);
      },
      done: () => {
        if (!underWay) return;
        underWay = false;
        this.reads.splice(this.reads.indexOf(leftAt), 1);
        this.forget();
      },
    };
  }

  private since(leftAt: number, data: Data): Data | undefined {
    let now: Data | undefined = data;
    for (const answered of this.writes) if (answered.told > leftAt && now !== undefined) now = replayed(now, answered);
    return now;
  }

  /** Forgets every write answered before the oldest read still under way left. */
  private forget(): void {
    const oldest = this.reads[0] ?? Number.POSITIVE_INFINITY;
    const needed = this.writes.findIndex((answered) => answered.told > oldest);
    this.writes.splice(0, needed === -1 ? this.writes.length : needed);
  }
}
