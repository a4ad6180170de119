/**
 * Random sequences side by side (interface section 4): each on its own keys, judged as strictly as
 * alone. Key writes, removals, reads and list reads of one sequence only touch its own keys, so they
 * run beside other sequences' steps, whose keys every read leaves out (`othersOwn`). A step that may
 * touch what the others rely on, a full update (which may replace every key) or a post (which moves
 * `comments_count`), waits until nothing else is in flight on its article and runs alone there.
 */
import { AtOnceStep } from './at-once';
import { PostStep, UpdateStep, type SequenceModel, type PostBudget, type Real, type Step } from './commands';
import type { Session } from '../runner';
import type { CheckContext } from '../checks/check';
import { pathOf } from '../checks/steps';
import type { ExploreOptions } from './explore';

/** Steps on one article: many that share it at once, or one alone; one waiting alone goes before new sharers. */
export class ArticleTurns {
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

/** Whether a step must run alone on its article: a full update or a post, in a batch or on its own. */
export const runsAlone = (given: Step): boolean => {
  // fast-check hands the steps of a sequence over wrapped (its CommandWrapper keeps the step as `cmd`).
  const step = (given as { cmd?: Step }).cmd ?? given;
  return (
    step instanceof UpdateStep ||
    step instanceof PostStep ||
    (step instanceof AtOnceStep &&
      step.batch.some((operation) => operation.kind === 'update' || operation.kind === 'post'))
  );
};

/** The steps of a sequence, each taking its turn on the article before it runs. */
export const inTurns = (sequence: Iterable<Step>, turns: ArticleTurns): Step[] =>
  [...sequence].map((step) => ({
    check: (model: Readonly<SequenceModel>) => step.check(model),
    run: (model: SequenceModel, real: Real) => turns.take(runsAlone(step), () => step.run(model, real)),
    toString: () => step.toString(),
  }));

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
}

export function sequenceRun(
  session: Session,
  options: ExploreOptions,
  budget: PostBudget,
  articleIds: number[],
): SequenceRun {
  return { session, options, budget, turns: new Map(articleIds.map((id) => [id, new ArticleTurns()])), started: 0 };
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

/** Removes the keys a sequence left, so a long run's article does not grow; the end of the run restores the rest. */
export async function removeKeysOf(context: CheckContext): Promise<void> {
  const read = await context.client.send({ method: 'GET', to: pathOf('readArticle', context.articleId) });
  const data = (read.json as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  const left = Object.keys(data).filter((key) => key.startsWith(context.marker));
  await Promise.all(
    left.map((key) => context.client.send({ method: 'DELETE', to: pathOf('deleteDataKey', context.articleId, key) })),
  );
}
