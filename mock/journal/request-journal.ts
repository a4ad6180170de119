/**
 * The journal of recent requests with their bodies (served by the control API, outside the
 * interface). Bounded twice: at most `capacity` entries and about `maxBytes` of bodies, the oldest
 * going first. An entry is made from its raw exchange only when someone reads it or listens, so
 * recording costs a request little more than copying its bytes.
 */
import { makeEntry, type JournalEntry, type RecordedAnswer, type RecordedRequest, type Timing } from './journal-entry';
import { matches, type JournalFilter } from './filter';

interface Recorded {
  request: RecordedRequest;
  answer: RecordedAnswer;
  timing: Timing;
  bytes: number;
  entry?: JournalEntry;
}

export type JournalListener = (entry: JournalEntry) => void;

/** Headers and fields, roughly; only bodies can be large. */
const entryOverheadBytes = 1024;

export class RequestJournal {
  private readonly recorded: Recorded[] = [];
  private bytes = 0;
  private readonly listeners = new Set<JournalListener>();
  private readonly enders = new Set<() => void>();
  private ended = false;

  constructor(
    private readonly capacity: number,
    private readonly maxBytes: number,
    private readonly token?: string,
  ) {}

  add(request: RecordedRequest, answer: RecordedAnswer, timing: Timing): void {
    const record: Recorded = {
      request,
      answer,
      timing,
      bytes: request.body.length + answer.body.length + entryOverheadBytes,
    };
    this.recorded.push(record);
    this.bytes += record.bytes;
    while (this.recorded.length > this.capacity || (this.bytes > this.maxBytes && this.recorded.length > 1)) {
      this.bytes -= (this.recorded.shift() as Recorded).bytes;
    }
    if (this.listeners.size === 0) return;
    const entry = this.entryOf(record);
    for (const listener of this.listeners) listener(entry);
  }

  /** Oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    return this.recorded.map((record) => this.entryOf(record)).filter((entry) => matches(entry, filter));
  }

  clear(): void {
    this.recorded.length = 0;
    this.bytes = 0;
  }

  /** Calls `listener` with every entry added from now on, and `ended` once the journal ends; returns the way to stop. */
  subscribe(listener: JournalListener, ended?: () => void): () => void {
    if (this.ended) {
      ended?.();
      return () => undefined;
    }
    this.listeners.add(listener);
    if (ended) this.enders.add(ended);
    return () => {
      this.listeners.delete(listener);
      if (ended) this.enders.delete(ended);
    };
  }

  /** The journal's site is gone (an ended sandbox): each subscriber is told, so no stream keeps the site alive. */
  end(): void {
    this.ended = true;
    const enders = [...this.enders];
    this.listeners.clear();
    this.enders.clear();
    for (const ended of enders) ended();
  }

  private entryOf(record: Recorded): JournalEntry {
    record.entry ??= makeEntry(record.request, record.answer, record.timing, this.token);
    return record.entry;
  }
}
