/**
 * The steps of a random sequence (interface section 4): reads, list reads at the three addresses
 * (4.5), key writes and removals with values of every JSON kind, reserved probes included (4.3,
 * 4.4, 2.1), full updates (4.2) and comment posts (4.6). The model is what the interface says the
 * run's own keys hold; every write is judged whole by judgedWrite, every read by judgeExchange.
 */
import type fc from 'fast-check';
import { isReservedKey } from 'site-articles-schemas/catalogue';
import type { CheckContext } from '../checks/check';
import { listAddresses, listAddressesWith } from '../checks/comment-lists';
import { pathOf, statusOf, withoutReserved } from '../checks/steps';
import type { ReadBefore } from './read-before';
import type { Exchange } from '../http/client';
import { fetchAllPages } from '../http/links';
import {
  describeJudged,
  isSuccessStatus,
  judgeExchange,
  judgeSuccessStatus,
  namesReservedKey,
  type Violation,
  type Write,
} from 'site-articles-schemas/conformance';
import { judgedBeside, type Hold } from './side-by-side';
import type { ArticleTurns } from './turns';

/** fast-check's model of one random sequence (not the linearizability check's `Model` of an operation). */
export interface SequenceModel {
  /** The run's own ordinary keys and the values the interface says they hold now. */
  data: Map<string, unknown>;
  posts: number;
}

export interface Real {
  context: CheckContext;
  /** Every request of this sequence, in order: the failure report's curl list. */
  log: Exchange[];
  /** Set on an interrupt: the remaining steps send nothing. */
  stopped: () => boolean;
  /** The key a step's name stands for: new per sequence, so no sequence meets another's keys. */
  key: (name: string) => string;
  /** The turns of the article, shared with the sequences beside this one. */
  turns: ArticleTurns;
  /**
   * The sequence's last read of the article after a write of its own (none yet, or after a batch):
   * its own keys, which no other sequence writes, are as it shows them until its next write; a
   * write that needs more brings it up to now (read-before.ts). Let go (`done`) when the sequence ends.
   */
  lastRead?: ReadBefore;
}

export type Step = fc.AsyncCommand<SequenceModel, Real>;

const ownKeys = (data: Record<string, unknown>, marker: string): Map<string, unknown> =>
  new Map(Object.entries(data).filter(([key]) => key.startsWith(marker)));

function failWith(violations: Violation[], step: string): void {
  if (violations.length > 0) throw new Error(`${step}:\n${describeJudged(violations)}`);
}

/** A request the interface says succeeds has its stated status (any 2xx where only success is stated). */
function expectStatus(exchange: Exchange, stated: number | undefined, step: string): void {
  failWith(judgeSuccessStatus(stated, exchange.status), step);
}

/** A write made from the article as read just before it (all its keys), judged whole, in its turn (`Hold`). */
async function write(
  model: SequenceModel,
  real: Real,
  hold: Hold,
  make: (whole: Record<string, unknown>) => Write,
  step: string,
): Promise<Record<string, unknown>> {
  const judged = await judgedBeside(real, hold, make);
  // A read before that is the last write's read after is listed once.
  real.log.push(...judged.exchanges.filter((exchange) => !real.log.includes(exchange)));
  // Which operation and key it is, whatever was read.
  const sent = make({});
  failWith(judged.violations, step);
  // 4.6 states no status for a post. A write naming a reserved key, or the removal of an absent key,
  // may be refused in any way; accepted, it answers with the stated status as any other write.
  const mayBeRefused = namesReservedKey(sent) || (sent.operation === 'deleteDataKey' && !model.data.has(sent.key));
  if (sent.operation !== 'postComment' && (!mayBeRefused || isSuccessStatus(judged.answer.status)))
    expectStatus(judged.answer, statusOf(sent.operation), step);
  return judged.after;
}

/** 4.1: the article, judged, with the run's keys as the model holds them. */
export class ReadStep implements Step {
  check = (): boolean => true;
  async run(model: SequenceModel, real: Real): Promise<void> {
    if (real.stopped()) return;
    const { client, articleId, marker } = real.context;
    const read = await client.send({ method: 'GET', to: pathOf('readArticle', articleId) });
    real.log.push(read);
    expectStatus(read, statusOf('readArticle'), this.toString());
    failWith(
      judgeExchange('readArticle', { status: read.status, headers: read.headers, body: read.text }),
      this.toString(),
    );
    const data = (read.json as { data?: Record<string, unknown> }).data ?? {};
    const expected = JSON.stringify([...model.data].sort());
    const actual = JSON.stringify([...ownKeys(data, marker)].sort());
    if (expected !== actual)
      throw new Error(`${this.toString()}: the run's keys should be ${expected}; actual ${actual}`);
  }
  toString = (): string => 'read the article';
}

/** 4.5: one of the three list addresses, every page judged. */
export class ListStep implements Step {
  constructor(readonly address: number) {}
  check = (): boolean => true;
  async run(_model: SequenceModel, real: Real): Promise<void> {
    if (real.stopped()) return;
    // Only comments_url needs the article read first.
    const known = listAddressesWith(real.context, '');
    const index = this.address % known.length;
    const addresses = index === known.length - 1 ? await listAddresses(real.context) : known;
    const [name, address] = addresses[index] ?? ['', ''];
    const { pages } = await fetchAllPages(real.context.client, address);
    real.log.push(...pages);
    for (const page of pages)
      failWith(
        judgeExchange('listComments', { status: page.status, headers: page.headers, body: page.text }),
        `list at ${name}`,
      );
  }
  toString = (): string => `list comments at address ${this.address}`;
}

export class SetKeyStep implements Step {
  constructor(
    readonly key: string,
    readonly value: unknown,
  ) {}
  check = (): boolean => true;
  async run(model: SequenceModel, real: Real): Promise<void> {
    if (real.stopped()) return;
    const key = real.key(this.key);
    const sent: Write = { operation: 'setDataKey', key, payload: { value: this.value } };
    await write(model, real, 'key', () => sent, this.toString());
    if (!isReservedKey(key)) model.data.set(key, this.value);
  }
  toString = (): string => `set ${this.key} to ${JSON.stringify(this.value)}`;
}

export class DeleteKeyStep implements Step {
  constructor(readonly key: string) {}
  check = (): boolean => true;
  async run(model: SequenceModel, real: Real): Promise<void> {
    if (real.stopped()) return;
    const key = real.key(this.key);
    // One the sequence does not hold goes beside a full update: absent either way (side-by-side.ts).
    const hold = model.data.has(key) ? 'removal' : 'key';
    await write(model, real, hold, () => ({ operation: 'deleteDataKey', key }), this.toString());
    model.data.delete(key);
  }
  toString = (): string => `remove ${this.key}`;
}

/** 4.2: sends every key the article has but those in `dropped`, with `changes` on top. */
export class UpdateStep implements Step {
  constructor(
    readonly changes: Record<string, unknown>,
    readonly dropped: string[],
  ) {}
  check = (): boolean => true;
  async run(model: SequenceModel, real: Real): Promise<void> {
    if (real.stopped()) return;
    const dropped = this.dropped.map(real.key);
    const changes = Object.fromEntries(Object.entries(this.changes).map(([name, value]) => [real.key(name), value]));
    // Every key the article has as read just before (reserved keys are read-only: 2.1), but those dropped.
    const payload = (whole: Record<string, unknown>): unknown => {
      const kept = Object.entries(withoutReserved(whole)).filter(([key]) => !dropped.includes(key));
      return { article: { data: { ...Object.fromEntries(kept), ...changes } } };
    };
    const make = (whole: Record<string, unknown>): Write => ({ operation: 'updateArticle', payload: payload(whole) });
    const after = await write(model, real, 'update', make, this.toString());
    // Merge or replace is open (4.2): judgedWrite accepted either, so the read says which.
    model.data = ownKeys((after.data ?? {}) as Record<string, unknown>, real.context.marker);
  }
  toString = (): string =>
    `full update with ${JSON.stringify(this.changes)}, leaving out ${JSON.stringify(this.dropped)}`;
}

let posted = 0;

/** The comments a run's sequences may still post, shared by all of them: the most is said before the first. */
export class PostBudget {
  constructor(private left: number) {}

  get spent(): boolean {
    return this.left <= 0;
  }

  /** Whether `count` more comments may still be posted. */
  allows(count: number): boolean {
    return this.left >= count;
  }

  /**
   * Takes `count` posts when that many are left, and says whether it did: sequences side by side may
   * both have been allowed them, so the one that comes second sends nothing.
   */
  take(count = 1): boolean {
    if (this.left < count) return false;
    this.left -= count;
    return true;
  }
}

/**
 * 4.6: one post at the most in a sequence, so the run posts no more comments than it runs sequences;
 * the budget holds that count for the tries at shrinking a failure too (fast-check leaves a step out
 * of a sequence where `check` says no).
 */
export class PostStep implements Step {
  constructor(private readonly budget: PostBudget) {}
  check = (model: Readonly<SequenceModel>): boolean => model.posts === 0 && !this.budget.spent;
  async run(model: SequenceModel, real: Real): Promise<void> {
    if (real.stopped()) return;
    // Taken before the post is sent: one that fails may still have landed.
    if (!this.budget.take()) return;
    posted += 1;
    const { marker } = real.context;
    const comment = {
      author: `Contract suite ${marker}`,
      author_email: 'contract-suite@example.com',
      body: `Posted by an automated conformance run (${marker}, ${String(posted)}); the interface offers no way to remove it.`,
    };
    await write(model, real, 'post', () => ({ operation: 'postComment', payload: { comment } }), this.toString());
    model.posts += 1;
  }
  toString = (): string => 'post a comment';
}
