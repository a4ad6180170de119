/**
 * How a run's plan goes out: requests wait on the network, not on the CPU, so what is
 * independent runs at once. Articles are independent; on one article, the checks that share it
 * (`sharesArticle`: each writes only keys of its own and posts nothing) run at once, and a check that
 * does not runs alone (stepsOf); one that writes to other articles too runs last, alone in the run.
 * At most `maxInFlight` checks run at once over the whole run, and
 * results are handed on in the plan's order whatever order they finished in, so the report reads as
 * a run one at a time would.
 */
import type { Check } from './checks';
import { Semaphore } from './semaphore';

export interface PlannedCheck {
  check: Check;
  articleId: number;
}

export interface ScheduleOptions<Result> {
  maxInFlight: number;
  /** Asked before each check starts, and when it ends: true drops it and starts no other (an interrupt). */
  stopped?: () => boolean;
  /** True once a result should end the run: no check starts after it. */
  ends?: (result: Result) => boolean;
  /** Told of each result in the plan's order. */
  onResult?: (result: Result) => void;
}

interface Entry {
  item: PlannedCheck;
  at: number;
}

/**
 * The plan of one article in steps, each run once the one before it has ended: the checks that
 * share the article and change nothing, side by side; then the checks that do not share it, one
 * after another in the plan's order (so the first of them sends the article's first write); then the
 * checks that share it and write, side by side.
 */
function stepsOf(plan: Entry[]): { together: Entry[]; inTurn: boolean }[] {
  const shares = ({ item }: Entry): boolean => item.check.sharesArticle === true;
  const reads = plan.filter((entry) => shares(entry) && !entry.item.check.changesData);
  const writes = plan.filter((entry) => shares(entry) && entry.item.check.changesData);
  const alone = plan.filter((entry) => !shares(entry));
  return [
    { together: reads, inTurn: false },
    { together: alone, inTurn: true },
    { together: writes, inTurn: false },
  ].filter((step) => step.together.length > 0);
}

/** Runs every planned check with `runOne`; the results come back in the plan's order (those that ran). */
export async function runScheduled<Result>(
  plan: PlannedCheck[],
  runOne: (item: PlannedCheck) => Promise<Result>,
  options: ScheduleOptions<Result>,
): Promise<Result[]> {
  const semaphore = new Semaphore(options.maxInFlight);
  const results: (Result | undefined)[] = plan.map(() => undefined);
  let handedOn = 0;
  let ended = false;
  const handOn = (): void => {
    while (handedOn < plan.length && results[handedOn] !== undefined) {
      options.onResult?.(results[handedOn] as Result);
      handedOn += 1;
    }
  };
  const runIn = async ({ item, at }: Entry): Promise<void> => {
    if (ended || options.stopped?.()) return;
    const result = await runOne(item);
    // A check cut off by an interrupt says nothing about the target.
    if (options.stopped?.()) return;
    results[at] = result;
    if (options.ends?.(result)) ended = true;
    handOn();
  };
  const runAt = (entry: Entry): Promise<void> => semaphore.take(() => runIn(entry));
  // Checks in turn keep one place from the first to the last: the rest of their article waits on
  // them, so checks of other articles waiting for a place must not come between them.
  const runInTurn = (step: Entry[]): Promise<void> =>
    semaphore.take(async () => {
      for (const entry of step) await runIn(entry);
    });
  const entries = plan.map((item, at) => ({ item, at }));
  const spanning = entries.filter(({ item }) => item.check.spansArticles === true);
  const articles = [...new Set(plan.map((item) => item.articleId))];
  await Promise.all(
    articles.map(async (articleId) => {
      const own = entries.filter(({ item }) => item.articleId === articleId && !item.check.spansArticles);
      for (const { together, inTurn } of stepsOf(own)) {
        if (ended || options.stopped?.()) return;
        await (inTurn ? runInTurn(together) : Promise.all(together.map(runAt)));
      }
    }),
  );
  // A check that writes to other articles too runs alone, once nothing else is in flight anywhere.
  for (const entry of spanning) await runAt(entry);
  // After an end or an interrupt, a check planned earlier may never have run: the rest, still in order.
  for (const result of results.slice(handedOn)) if (result !== undefined) options.onResult?.(result);
  return results.filter((result): result is Result => result !== undefined);
}
