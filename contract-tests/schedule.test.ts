/**
 * The run's schedule (schedule.ts): what runs at once, what runs alone, the bound on checks in
 * flight, the order results come back in, and an interrupt. The checks here are stand-ins that
 * finish when the test says so, so what overlaps is decided by the test, not by timing.
 */
import type { Check } from './checks';
import { runScheduled, type PlannedCheck } from './schedule';

const check = (id: string, sharesArticle: boolean, changesData = sharesArticle): Check => ({
  id,
  section: '4.3',
  title: id,
  changesData,
  postsComment: false,
  sharesArticle,
  run: () => Promise.resolve(undefined),
});

/** Stand-in checks that record what is in flight and end when `finish` is called with their id. */
function standIns() {
  const inFlight = new Set<string>();
  const started: string[] = [];
  const seenTogether: string[][] = [];
  const waiting = new Map<string, () => void>();
  let awaited = 0;
  let wake: (() => void) | undefined;
  const runOne = async ({ check: { id }, articleId }: PlannedCheck): Promise<string> => {
    const name = `${id}@${String(articleId)}`;
    inFlight.add(name);
    started.push(name);
    seenTogether.push([...inFlight].sort());
    wake?.();
    await new Promise<void>((resolve) => waiting.set(name, resolve));
    inFlight.delete(name);
    return name;
  };
  /** Resolves once `count` more checks have started than this waited for before. */
  const starts = async (count: number): Promise<void> => {
    awaited += count;
    while (started.length < awaited) await new Promise<void>((resolve) => (wake = resolve));
  };
  const finish = (name: string): void => {
    const done = waiting.get(name);
    if (!done) throw new Error(`${name} is not in flight`);
    waiting.delete(name);
    done();
  };
  return { inFlight, started, seenTogether, runOne, starts, finish };
}

const sharing = [check('a', true), check('b', true), check('c', true)];
const planOn = (checks: Check[], ...articleIds: number[]): PlannedCheck[] =>
  checks.flatMap((one) => articleIds.map((articleId) => ({ check: one, articleId })));

test('checks that share an article run at once, and the results come back in the plan order whatever order they finished in', async () => {
  const run = standIns();
  const handed: string[] = [];
  const done = runScheduled(planOn(sharing, 1), run.runOne, { maxInFlight: 8, onResult: (name) => handed.push(name) });
  await run.starts(3);
  expect([...run.inFlight].sort()).toEqual(['a@1', 'b@1', 'c@1']);
  run.finish('c@1');
  run.finish('b@1');
  run.finish('a@1');
  expect(await done).toEqual(['a@1', 'b@1', 'c@1']);
  expect(handed).toEqual(['a@1', 'b@1', 'c@1']);
});

test('a check that does not share its article runs alone there, while another article goes on', async () => {
  const run = standIns();
  const alone = check('alone', false);
  const done = runScheduled(planOn([sharing[0] as Check, alone, sharing[1] as Check], 1, 2), run.runOne, {
    maxInFlight: 8,
  });
  await run.starts(2);
  expect([...run.inFlight].sort()).toEqual(['alone@1', 'alone@2']);
  run.finish('alone@1');
  await run.starts(2);
  expect([...run.inFlight].sort()).toEqual(['a@1', 'alone@2', 'b@1']);
  for (const name of ['alone@2', 'a@1', 'b@1']) run.finish(name);
  await run.starts(2);
  run.finish('a@2');
  run.finish('b@2');
  expect(await done).toEqual(['a@1', 'a@2', 'alone@1', 'alone@2', 'b@1', 'b@2']);
  const onArticle = (names: string[], articleId: number): string[] =>
    names.filter((name) => name.endsWith(`@${String(articleId)}`));
  for (const names of run.seenTogether)
    for (const articleId of [1, 2])
      if (names.includes(`alone@${String(articleId)}`)) expect(onArticle(names, articleId)).toHaveLength(1);
});

test('the checks that run alone on an article keep their place from one to the next, ahead of checks waiting elsewhere', async () => {
  const run = standIns();
  const alone = [check('first', false), check('second', false)];
  const done = runScheduled([...planOn(alone, 1), ...planOn(sharing, 2)], run.runOne, { maxInFlight: 2 });
  await run.starts(2);
  expect([...run.inFlight].sort()).toEqual(['a@2', 'first@1']);
  run.finish('first@1');
  await run.starts(1);
  expect([...run.inFlight].sort()).toEqual(['a@2', 'second@1']);
  for (const name of ['second@1', 'a@2']) run.finish(name);
  await run.starts(2);
  for (const name of ['b@2', 'c@2']) run.finish(name);
  expect(await done).toHaveLength(5);
});

test('no more than max-in-flight checks run at once over every article', async () => {
  const run = standIns();
  const done = runScheduled(planOn(sharing, 1, 2), run.runOne, { maxInFlight: 2 });
  for (let round = 0; round < 3; round += 1) {
    await run.starts(2);
    expect(run.inFlight.size).toBe(2);
    for (const name of [...run.inFlight]) run.finish(name);
  }
  expect(await done).toHaveLength(6);
  expect(Math.max(...run.seenTogether.map((names) => names.length))).toBe(2);
});

test('an interrupt drops the checks under way and starts no other', async () => {
  const run = standIns();
  let stopped = false;
  const done = runScheduled(planOn(sharing, 1), run.runOne, { maxInFlight: 1, stopped: () => stopped });
  await run.starts(1);
  run.finish('a@1');
  await run.starts(1);
  stopped = true;
  run.finish('b@1');
  expect(await done).toEqual(['a@1']);
  expect(run.started).toEqual(['a@1', 'b@1']);
});

test('a check that writes to other articles too runs last, alone in the run', async () => {
  const run = standIns();
  const spanning: Check = { ...check('across', false), spansArticles: true };
  const done = runScheduled([{ check: spanning, articleId: 1 }, ...planOn(sharing.slice(0, 1), 1, 2)], run.runOne, {
    maxInFlight: 8,
  });
  await run.starts(2);
  expect([...run.inFlight].sort()).toEqual(['a@1', 'a@2']);
  run.finish('a@1');
  run.finish('a@2');
  await run.starts(1);
  expect([...run.inFlight]).toEqual(['across@1']);
  run.finish('across@1');
  expect(await done).toEqual(['across@1', 'a@1', 'a@2']);
});
