/**
 * How long the linearizability check (conformance/linearizability) takes to decide a burst of 8
 * requests that all overlap on one article, the contract suite's default burst. Each history is
 * made by running the model in a random order (so it is linearizable), or with one acknowledged
 * key write lost from the read after (so it is not, and every order must be ruled out). Prints
 * `[{ name, verdict, medianMs, maxMs, histories }]`.
 */
import {
  articleDataModel,
  checkLinearizable,
  predictData,
  type DataOperation,
  type Observed,
  type Write,
} from '../schemas/conformance';

type Data = Record<string, unknown>;

/** A small deterministic generator, so every run decides the same histories. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const initial: Data = { svc_source: 'legacy', title_hint: 'x' };

type Plan = (index: number) => Write | 'read';

const plans: Record<string, Plan> = {
  'distinct keys': (index) => ({ operation: 'setDataKey', key: `k${String(index)}`, payload: { value: index } }),
  'one key': (index) => ({ operation: 'setDataKey', key: 'same', payload: { value: index } }),
  mixed: (index) =>
    [
      { operation: 'setDataKey', key: `k${String(index)}`, payload: { value: [index] } } as const,
      { operation: 'deleteDataKey', key: 'title_hint' } as const,
      'read' as const,
      {
        operation: 'updateArticle',
        payload: { article: { data: { title_hint: 'x', [`f${String(index)}`]: index } } },
      } as const,
    ][index % 4] ?? 'read',
};

/** 8 overlapping requests answered as the model run in `order` says, and the read after them. */
function history(plan: Plan, next: () => number, loseOne: boolean): Observed<DataOperation>[] {
  const steps = Array.from({ length: 8 }, (_, index) => plan(index));
  const order = steps.map((_, index) => index).sort(() => next() - 0.5);
  const answers = new Map<number, Data>();
  let state = initial;
  for (const index of order) {
    const step = steps[index];
    if (step === undefined) continue;
    if (step !== 'read') state = predictData(state, step, true)[0] ?? state;
    answers.set(index, state);
  }
  const final = loseOne ? Object.fromEntries(Object.entries(state).filter(([key]) => key !== 'k0')) : state;
  const observed: Observed<DataOperation>[] = steps.map((step, index) => {
    const answer = { status: 200, data: answers.get(index) ?? {} };
    const op: DataOperation = step === 'read' ? { kind: 'read', answer } : { kind: 'write', write: step, answer };
    return { op, sentAt: index * 0.1, answeredAt: 10 + index * 0.1 };
  });
  return [...observed, { op: { kind: 'read', answer: { status: 200, data: final } }, sentAt: 11, answeredAt: 12 }];
}

const cases: [name: string, plan: Plan, loseOne: boolean][] = [
  ['8 distinct keys', plans['distinct keys'] as Plan, false],
  ['8 distinct keys, one acknowledged write lost', plans['distinct keys'] as Plan, true],
  ['8 writes of one key', plans['one key'] as Plan, false],
  ['key writes, removals, reads and full updates, 8 in all', plans.mixed as Plan, false],
];

const histories = 200;

function timeCase(plan: Plan, loseOne: boolean): { verdicts: Set<string>; times: number[] } {
  const next = random(7);
  const times: number[] = [];
  const verdicts = new Set<string>();
  for (let run = 0; run < histories; run += 1) {
    const made = history(plan, next, loseOne);
    const started = process.hrtime.bigint();
    verdicts.add(checkLinearizable(articleDataModel, initial, made).kind);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { verdicts, times: times.sort((left, right) => left - right) };
}

// Once untimed, so the timed pass measures the checker and not the JIT warming up.
for (const [, plan, loseOne] of cases) timeCase(plan, loseOne);
const results = cases.map(([name, plan, loseOne]) => {
  const { verdicts, times } = timeCase(plan, loseOne);
  return {
    name,
    verdict: [...verdicts].join(' / '),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    maxMs: times[times.length - 1] ?? 0,
    histories,
  };
});
process.stdout.write(`${JSON.stringify(results)}\n`);
