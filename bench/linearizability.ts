/**
 * How long the linearizability check (conformance/linearizability, split by key) takes to decide a
 * burst of 8 requests that all overlap on one article, the contract suite's default burst, and
 * bursts of 32 and 64. Each history is made by running
 * the model in a random order (so it is linearizable), or with one acknowledged key write lost from
 * the read after (so it is not, and every order must be ruled out). Prints
 * `[{ name, requests, verdict, medianMs, maxMs, histories }]`.
 */
import {
  checkArticleDataLinearizable,
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

/** `size` overlapping requests answered as the model run in a random order says, and the read after them. */
function history(plan: Plan, size: number, next: () => number, loseOne: boolean): Observed<DataOperation>[] {
  const steps = Array.from({ length: size }, (_, index) => plan(index));
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
    return { op, sentAt: index * 0.1, answeredAt: size - 1 + index * 0.1 };
  });
  const after = {
    op: { kind: 'read', answer: { status: 200, data: final } },
    sentAt: size,
    answeredAt: size + 1,
  } as const;
  return [...observed, after];
}

const kinds: [name: (size: string) => string, plan: Plan, loseOne: boolean][] = [
  [(size) => `${size} distinct keys`, plans['distinct keys'] as Plan, false],
  [(size) => `${size} distinct keys, one acknowledged write lost`, plans['distinct keys'] as Plan, true],
  [(size) => `${size} writes of one key`, plans['one key'] as Plan, false],
  [(size) => `key writes, removals, reads and full updates, ${size} in all`, plans.mixed as Plan, false],
];

/** Fewer histories of the larger bursts, so the whole section stays within seconds. */
const sizes: [requests: number, histories: number][] = [
  [8, 200],
  [32, 40],
  [64, 20],
];

const cases = sizes.flatMap(([requests, histories]) =>
  kinds.map(([name, plan, loseOne]) => ({ name: name(String(requests)), plan, loseOne, requests, histories })),
);

function timeCase({ plan, loseOne, requests, histories }: (typeof cases)[number]): {
  verdicts: Set<string>;
  times: number[];
} {
  const next = random(7);
  const times: number[] = [];
  const verdicts = new Set<string>();
  for (let run = 0; run < histories; run += 1) {
    const made = history(plan, requests, next, loseOne);
    const started = process.hrtime.bigint();
    verdicts.add(checkArticleDataLinearizable(initial, made).kind);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { verdicts, times: times.sort((left, right) => left - right) };
}

// Once untimed, so the timed pass measures the checker and not the JIT warming up.
for (const each of cases) timeCase(each);
const results = cases.map((each) => {
  const { verdicts, times } = timeCase(each);
  return {
    name: each.name,
    requests: each.requests,
    verdict: [...verdicts].join(' / '),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    maxMs: times[times.length - 1] ?? 0,
    histories: each.histories,
  };
});
process.stdout.write(`${JSON.stringify(results)}\n`);
