/**
 * `--explore <runs>`: random sequences of the six operations (interface section 4) with
 * fast-check's model-based testing. Each sequence starts from the snapshot (the data is restored
 * before every sequence and at the end), every key it writes carries the run marker, and a failure
 * is shrunk to the shortest sequence and reported as a numbered list of curl commands.
 */
import fc from 'fast-check';
import { Session, type TargetSettings } from '../runner';
import type { RestoreReport } from '../restore';
import { ContractFailure } from '../failure';
import { reproduceInOrder } from './reproduce';
import type { Timeline } from '../concurrent/timeline';
import { AtOnceStep, type BatchOperation } from './at-once';
import { maxBurstPosts } from '../checks/concurrency';
import {
  allWorkers,
  removed,
  removeKeysOf,
  sequenceContext,
  sequenceRun,
  withFailedRemovals,
  type FailedRemoval,
  type SequenceRun,
} from './side-by-side';
import { ArticleTurns } from './turns';
import {
  DeleteKeyStep,
  ListStep,
  PostBudget,
  PostStep,
  ReadStep,
  SetKeyStep,
  UpdateStep,
  type SequenceModel,
  type Real,
  type Step,
} from './commands';

export interface ExploreOptions {
  runs: number;
  seed: number;
  /** Keeps the sequences from posting comments (which the interface cannot remove). */
  comments: boolean;
  /** Only reads: nothing is written or posted. */
  readOnly: boolean;
  /** Polled between steps; when true the remaining steps send nothing. */
  stopped?: () => boolean;
  /** Told as each sequence starts, and whether it is a try at shrinking a failure (for progress lines). */
  onSequence?: (shrinking: boolean) => void;
}

/** The sequences each article gets: `runs` is the whole budget, shared by the articles. */
export const runsPerArticle = (runs: number, articles: number): number => Math.ceil(runs / articles);

/**
 * The most comments a run's sequences post, all articles together: as many as it runs sequences,
 * whether one sequence posts one (PostStep) or a batch posts several at once (AtOnceStep); the
 * PostBudget holds the count.
 */
export const mostPosts = (runs: number, articles: number): number => runsPerArticle(runs, articles) * articles;

/** The shrunk failing sequence of one article. */
export interface ExploreFailure {
  /** Its numbered steps, what broke and the curl commands, ready to print. */
  text: string;
  /** Its numbered steps alone. */
  steps: string[];
  /** What the interface states and what came back, when a check's judgement said so. */
  expected?: string;
  actual?: string;
  /** When requests sent at once broke it: who overlapped whom. */
  timeline?: Timeline;
  /** The curl commands of the shrunk sequence's requests, in order. */
  curls: string[];
}

export interface ArticleExplored {
  articleId: number;
  /** The sequences that ran on it, up to and including a failing one (the tries at shrinking it not counted). */
  runs: number;
  durationMs: number;
  failure?: ExploreFailure;
}

export interface ExploreReport {
  seed: number;
  runs: number;
  articles: ArticleExplored[];
  /** Every article's failure text, ready to print. */
  failure?: string;
  /** Whether `stopped` ended the sequences before the last. */
  cutShort: boolean;
  restore: RestoreReport[];
}

/** Values of every JSON kind, the awkward ones included. */
const values = fc.oneof(
  fc.constantFrom<unknown>('', 0, -7, 3.25, true, false, null, [], {}, 'text with ünïcödé'),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * A batch sent at once: two to six key writes, removals, full updates and reads of a few keys, and
 * comment posts when the run may post (at most as many as the fixed checks post at once).
 */
function batches(keys: fc.Arbitrary<string>, comments: boolean, budget: PostBudget): fc.Arbitrary<Step> {
  const operation: fc.Arbitrary<BatchOperation> = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: keys, value: values }),
    fc.record({ kind: fc.constant('remove' as const), key: keys }),
    fc.record({ kind: fc.constant('update' as const), changes: fc.dictionary(keys, values, { maxKeys: 2 }) }),
    fc.constant({ kind: 'read' as const }),
    ...(comments ? [fc.constant({ kind: 'post' as const })] : []),
  );
  return fc
    .array(operation, { minLength: 2, maxLength: 6 })
    .filter((batch) => batch.filter((one) => one.kind === 'post').length <= maxBurstPosts)
    .map((batch) => new AtOnceStep(batch, budget));
}

function steps(options: ExploreOptions, budget: PostBudget): fc.Arbitrary<Step>[] {
  const keys = fc.constantFrom('a', 'b', 'svc_probe');
  const reads: fc.Arbitrary<Step>[] = [fc.constant(new ReadStep()), fc.nat(2).map((index) => new ListStep(index))];
  if (options.readOnly) return reads;
  const writes: fc.Arbitrary<Step>[] = [
    fc.tuple(keys, values).map(([key, value]) => new SetKeyStep(key, value)),
    keys.map((key) => new DeleteKeyStep(key)),
    fc
      .tuple(fc.dictionary(keys, values, { maxKeys: 3 }), fc.subarray(['a', 'b']))
      .map(([changes, dropped]) => new UpdateStep(changes, dropped)),
    batches(keys, options.comments, budget),
  ];
  return [...reads, ...writes, ...(options.comments ? [fc.constant(new PostStep(budget))] : [])];
}

/** The shrunk sequence as numbered operations, one per line. */
const numberedSteps = (sequence: unknown): string[] =>
  [...(sequence as Iterable<{ toString(): string }>)].map(
    (step, index) => `  ${String(index + 1)}. ${step.toString()}`,
  );

/** The parts of the last (shrunk) sequence's failure: what was expected, the timeline, the requests it sent. */
function failureOf(cause: unknown, curls: string[]): Omit<ExploreFailure, 'text' | 'steps'> {
  if (!(cause instanceof ContractFailure)) return { curls };
  const { expected, actual, timeline } = cause;
  return { curls, expected, actual, ...(timeline ? { timeline } : {}) };
}

/**
 * Runs the sequence numbered `index` (its seed: the run's plus `index`, so `--seed` replays every
 * one) on one article, beside the others, each write in its turn (side-by-side.ts); a failure is
 * shrunk to the shortest sequence that still fails. The report of the shrunk failure, if any.
 */
export async function runSequence(
  run: SequenceRun,
  articleId: number,
  index: number,
): Promise<ExploreFailure | undefined> {
  const { session, options, budget } = run;
  const turns = run.turns.get(articleId) ?? new ArticleTurns();
  let lastCurls: string[] = [];
  let failed = false;
  const property = fc.asyncProperty(
    fc.commands(steps(options, budget), { maxCommands: 20, size: 'medium' }),
    async (sequence) => {
      run.started += 1;
      options.onSequence?.(failed);
      const prefix = `${session.marker}_${String(run.started)}_`;
      const context = sequenceContext(run, articleId, prefix);
      const real: Real = {
        context,
        log: [],
        stopped: () => (options.stopped?.() ?? false) || (run.failing !== undefined && run.failing !== index),
        // Reserved probes carry the marker too: `svc_contract_<run id>_...`.
        key: (name) => (name.startsWith('svc_') ? `svc_${prefix}${name.slice(4)}` : `${prefix}${name}`),
        turns,
      };
      const model: SequenceModel = { data: new Map(), posts: 0 };
      const setup = (): { model: SequenceModel; real: Real } => ({ model, real });
      try {
        await fc.asyncModelRun(setup, sequence);
      } catch (error) {
        failed = true;
        run.failing ??= index;
        // The requests of this very sequence, so the shrunk one reports its own.
        const message = error instanceof Error ? error.message : String(error);
        const reproduce = reproduceInOrder(real.log, error);
        lastCurls = reproduce.curls;
        throw new Error(`${message}${reproduce.text}`, { cause: error });
      } finally {
        real.lastRead?.done();
        if (!options.readOnly && !real.stopped()) {
          const of = `sequence ${String(index + 1)} (keys ${prefix}*) on article ${String(articleId)}`;
          await removeKeysOf(run, context, turns, { left: [...model.data.keys()], of });
        }
      }
    },
  );
  const details = await fc.check(property, { numRuns: 1, seed: options.seed + index });
  if (!details.failed || run.failing !== index) return undefined;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const cause = details.errorInstance instanceof Error ? details.errorInstance.cause : undefined;
  const sequence = numberedSteps(details.counterexample?.[0] ?? []);
  const text = [
    `article ${String(articleId)}: sequence ${String(index + 1)} of ${String(sequence.length)} step(s) breaks the interface (shrunk ${String(details.numShrinks)} times)`,
    'steps:',
    ...sequence,
    error,
  ].join('\n');
  return { text, steps: sequence, ...failureOf(cause, lastCurls) };
}

/**
 * Runs `runs` sequences over the articles (sequence i on article i modulo their number), up to
 * `--max-in-flight` at once; once one fails, no new sequence starts on its article. Each article's
 * first failure, by sequence number.
 */
async function exploreSideBySide(
  run: SequenceRun,
  articleIds: number[],
  runs: number,
): Promise<{ failures: Map<number, ExploreFailure>; ran: Map<number, number> }> {
  const found = new Map<number, { index: number; failure: ExploreFailure }>();
  const ran = new Map<number, number>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < runs && !run.options.stopped?.()) {
      const index = next;
      next += 1;
      const articleId = articleIds[index % articleIds.length] ?? 0;
      if (found.has(articleId)) continue;
      ran.set(articleId, (ran.get(articleId) ?? 0) + 1);
      const failure = await runSequence(run, articleId, index);
      const earlier = found.get(articleId);
      if (failure && (!earlier || earlier.index > index)) found.set(articleId, { index, failure });
    }
  };
  await allWorkers(run.slots, worker);
  return { failures: new Map([...found].map(([articleId, { failure }]) => [articleId, failure])), ran };
}

export async function explore(settings: TargetSettings, options: ExploreOptions): Promise<ExploreReport> {
  const session = await Session.open({ ...settings, readOnly: options.readOnly });
  const budget = new PostBudget(options.comments ? mostPosts(options.runs, settings.articleIds.length) : 0);
  let explored: Awaited<ReturnType<typeof exploreSideBySide>>;
  let restore: RestoreReport[];
  let cutShort: boolean;
  let removals: FailedRemoval[];
  const started = performance.now();
  const runs = runsPerArticle(options.runs, settings.articleIds.length);
  const run = sequenceRun(session, options, budget, settings.articleIds, Math.max(1, session.maxInFlight));
  try {
    explored = await exploreSideBySide(run, settings.articleIds, runs * settings.articleIds.length);
  } finally {
    // Every removal settled before the restore, also when a sequence's worker threw.
    removals = await removed(run);
    cutShort = options.stopped?.() ?? false;
    restore = await session.close();
  }
  const durationMs = performance.now() - started;
  const articles = settings.articleIds.map((articleId): ArticleExplored => {
    const on = removals.filter((removal) => removal.articleId === articleId);
    const failure = withFailedRemovals(explored.failures.get(articleId), on);
    return { articleId, runs: explored.ran.get(articleId) ?? 0, durationMs, ...(failure ? { failure } : {}) };
  });
  const failures = articles.flatMap((article) => (article.failure ? [article.failure.text] : []));
  return {
    seed: options.seed,
    runs: options.runs,
    articles,
    cutShort,
    restore,
    ...(failures.length > 0 ? { failure: failures.join('\n\n') } : {}),
  };
}
