/**
 * The check split by key (by-key.ts): bursts of 64 decided within a small bound, a fault found in
 * whichever key it is planted, snapshots that couple keys still judged, and the same verdict as the
 * whole search on every small history, faulty or not.
 */
import fc from 'fast-check';
import { predictData, type Write } from '../predict';
import { checkArticleDataLinearizable } from './by-key';
import { checkLinearizable, type Observed } from './check';
import { articleDataModel, type Data, type DataOperation } from './model';
import { historyOf, plannedArbitrary, seenKeyWrite, seenRead } from './__tests__/histories';

const initial: Data = { svc_source: 'legacy', title_hint: 'x', gone0: 0, gone1: 1 };

/** The rotation of the suite's mixed burst: a new key, a removal, a read, a full update sending one key more. */
function mixedStep(index: number): Write | 'read' {
  const n = String(index);
  switch (index % 4) {
    case 0:
      return { operation: 'setDataKey', key: `mixed${n}`, payload: { value: [index] } };
    case 1:
      return { operation: 'deleteDataKey', key: `gone${n}` };
    case 2:
      return 'read';
    default:
      return { operation: 'updateArticle', payload: { article: { data: { title_hint: 'x', [`full${n}`]: index } } } };
  }
}

/** 64 requests all in flight together, served in `order`, answered as the model says (removals with 204), and the read after. */
function burstOf(order: number[]): { start: Data; history: Observed<DataOperation>[] } {
  const steps = Array.from({ length: 64 }, (_, index) => mixedStep(index));
  const start = { ...initial, ...Object.fromEntries(steps.map((_, index) => [`gone${String(index)}`, index])) };
  const answers = new Map<number, Data>();
  let state: Data = start;
  for (const index of order) {
    const step = steps[index];
    if (step !== undefined && step !== 'read') state = predictData(state, step, true)[0] ?? state;
    answers.set(index, state);
  }
  const seen = steps.map((step, index): Observed<DataOperation> => {
    const answer = { status: 200, data: answers.get(index) ?? {} };
    const op: DataOperation =
      step === 'read'
        ? { kind: 'read', answer }
        : step.operation === 'deleteDataKey'
          ? { kind: 'write', write: step, answer: { status: 204 } }
          : { kind: 'write', write: step, answer };
    return { op, sentAt: index * 0.1, answeredAt: 20 + index * 0.1 };
  });
  const after: Observed<DataOperation> = {
    op: { kind: 'read', answer: { status: 200, data: state } },
    sentAt: 30,
    answeredAt: 31,
  };
  return { start, history: [...seen, after] };
}

const served = fc.shuffledSubarray(
  Array.from({ length: 64 }, (_, index) => index),
  { minLength: 64 },
);
test('a burst of 64 key writes, removals, reads and full updates served in any order is decided linearizable within 5,000 steps', () => {
  fc.assert(
    fc.property(served, (order) => {
      const { start, history } = burstOf(order);
      expect(checkArticleDataLinearizable(start, history, 5_000).kind).toBe('linearizable');
    }),
    { seed: 3001, numRuns: 20 },
  );
});

test('an acknowledged write lost from the read after a burst of 64 is found in the key it was lost from, whichever key', () => {
  const { start, history } = burstOf(Array.from({ length: 64 }, (_, index) => 63 - index));
  const last = history[64];
  const after = last?.op.answer?.data ?? {};
  for (const key of Object.keys(after).filter((name) => /^(mixed|full)/.test(name))) {
    const lost = Object.fromEntries(Object.entries(after).filter(([name]) => name !== key));
    const planted = [...history.slice(0, 64), { ...last, op: { kind: 'read', answer: { status: 200, data: lost } } }];
    const verdict = checkArticleDataLinearizable(start, planted as Observed<DataOperation>[], 5_000);
    expect([key, verdict.kind, verdict.kind === 'not linearizable' && verdict.key]).toEqual([
      key,
      'not linearizable',
      key,
    ]);
  }
});

test('writes that each answer with the other one’s key pass every key alone and are still found not linearizable', () => {
  const both: Data = { a: 1, b: 2 };
  const history = [seenKeyWrite('a', 1, both, 0, 10), seenKeyWrite('b', 2, both, 0, 10), seenRead(both, 20, 30)];
  const verdict = checkArticleDataLinearizable({}, history);
  expect(verdict.kind).toBe('not linearizable');
  expect(verdict.key).toBeUndefined();
});

/** One answer of the history changed: a key dropped, or a value that no request wrote. */
const tampered = fc.record({ at: fc.nat(), key: fc.constantFrom('a', 'b', 'svc_r'), drop: fc.boolean() });

test('split by key or searched whole, every small history gets the same verdict, faulty or not', () => {
  const small: Data = { a: 0, svc_r: 'kept' };
  fc.assert(
    fc.property(
      fc.array(plannedArbitrary(['a', 'b', 'svc_r']), { minLength: 1, maxLength: 8 }),
      fc.option(tampered),
      (plans, fault) => {
        const history = historyOf(small, plans, true);
        const target = fault ? history[fault.at % history.length] : undefined;
        const data = target?.op.answer?.data;
        if (fault && target?.op.answer && data) {
          const others = Object.entries(data).filter(([key]) => key !== fault.key);
          const changed = Object.fromEntries(fault.drop ? others : [...others, [fault.key, 'never written']]);
          target.op.answer = { ...target.op.answer, data: changed };
        }
        expect(checkArticleDataLinearizable(small, history).kind).toBe(
          checkLinearizable(articleDataModel, small, history).kind,
        );
      },
    ),
    { seed: 3002, numRuns: 500 },
  );
});
