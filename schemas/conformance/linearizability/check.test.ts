/**
 * The linearizability check against histories whose answer is known: made by running the model in
 * some order and giving each operation an interval around its moment (always linearizable), or
 * sequential histories with one planted fault (never linearizable), plus its time bound.
 */
import fc from 'fast-check';
import type { Write } from '../predict';
import { predictData } from '../predict';
import { checkLinearizable, type Observed } from './check';
import { articleDataModel, type Data, type DataOperation } from './model';

const keys = ['a', 'b', 'svc_r'];
const writeArbitrary: fc.Arbitrary<Write | 'read'> = fc.oneof(
  fc.constant('read' as const),
  fc.record({
    operation: fc.constant('setDataKey' as const),
    key: fc.constantFrom(...keys),
    payload: fc.record({ value: fc.nat(3) }),
  }),
  fc.record({ operation: fc.constant('deleteDataKey' as const), key: fc.constantFrom(...keys) }),
  fc.record({
    operation: fc.constant('updateArticle' as const),
    payload: fc.record({ article: fc.record({ data: fc.dictionary(fc.constantFrom(...keys), fc.nat(3)) }) }),
  }),
);

interface Planned {
  step: Write | 'read';
  /** Which of the allowed results a server picks (a full update may merge or replace). */
  choice: number;
  before: number;
  after: number;
}

const plannedArbitrary = fc.record({
  step: writeArbitrary,
  choice: fc.nat(1),
  before: fc.integer({ min: 0, max: 30 }),
  after: fc.integer({ min: 0, max: 30 }),
});

const initial: Data = { a: 0, svc_r: 'kept' };

/** Runs the steps one after the other at moments 100, 200, ...; each is seen over its interval around its moment. */
function historyOf(plans: Planned[], spread: boolean): Observed<DataOperation>[] {
  let state = initial;
  return plans.map((plan, index) => {
    const moment = (index + 1) * 100;
    const sentAt = spread ? moment - plan.before * 10 : moment;
    const answeredAt = spread ? moment + plan.after * 10 : moment + 1;
    if (plan.step === 'read') return { op: { kind: 'read', answer: { status: 200, data: state } }, sentAt, answeredAt };
    const results = predictData(state, plan.step, true);
    state = results[plan.choice % results.length] ?? state;
    const data = plan.step.operation === 'deleteDataKey' ? undefined : state;
    return {
      op: { kind: 'write', write: plan.step, answer: { status: 200, ...(data ? { data } : {}) } },
      sentAt,
      answeredAt,
    };
  });
}

test('a history made by running the model in some order is linearizable, however its requests overlap', () => {
  fc.assert(
    fc.property(fc.array(plannedArbitrary, { minLength: 1, maxLength: 9 }), (plans) => {
      expect(checkLinearizable(articleDataModel, initial, historyOf(plans, true)).kind).toBe('linearizable');
    }),
    { seed: 1125, numRuns: 300 },
  );
});

test('a read that shows data no order allows is found, and the report says why', () => {
  fc.assert(
    fc.property(fc.array(plannedArbitrary, { minLength: 1, maxLength: 9 }), fc.nat(), (plans, pick) => {
      const history = historyOf([...plans, { step: 'read', choice: 0, before: 0, after: 0 }], false);
      const reads = history.filter((seen) => seen.op.kind === 'read');
      const planted = reads[pick % reads.length];
      if (planted?.op.answer) planted.op.answer = { status: 200, data: { ...planted.op.answer.data, planted: true } };
      const verdict = checkLinearizable(articleDataModel, initial, history);
      expect(verdict.kind).toBe('not linearizable');
      if (verdict.kind === 'not linearizable')
        expect(verdict.stuck[0]?.why).toMatch(/planted: true instead of \(absent\)/);
    }),
    { seed: 1126, numRuns: 200 },
  );
});

test('a key write acknowledged and then lost is found, even when the writes overlap one another', () => {
  const write = (
    key: string,
    value: number,
    sentAt: number,
    answeredAt: number,
    shown: Data,
  ): Observed<DataOperation> => ({
    op: {
      kind: 'write',
      write: { operation: 'setDataKey', key, payload: { value } },
      answer: { status: 200, data: shown },
    },
    sentAt,
    answeredAt,
  });
  const lost: Observed<DataOperation>[] = [
    write('a', 1, 0, 10, { ...initial, a: 1 }),
    write('b', 2, 0, 10, { ...initial, b: 2 }),
    { op: { kind: 'read', answer: { status: 200, data: { ...initial, b: 2 } } }, sentAt: 20, answeredAt: 30 },
  ];
  expect(checkLinearizable(articleDataModel, initial, lost).kind).toBe('not linearizable');
  const kept = [
    ...lost.slice(0, 2),
    { ...lost[2], op: { kind: 'read', answer: { status: 200, data: { ...initial, a: 1, b: 2 } } } },
  ];
  expect(checkLinearizable(articleDataModel, initial, kept as Observed<DataOperation>[]).kind).toBe('not linearizable');
});

test('a write whose answer never came may have taken effect or not', () => {
  const unanswered: Observed<DataOperation> = {
    op: { kind: 'write', write: { operation: 'setDataKey', key: 'b', payload: { value: 9 } }, answer: undefined },
    sentAt: 0,
    answeredAt: undefined,
  };
  const read = (data: Data): Observed<DataOperation> => ({
    op: { kind: 'read', answer: { status: 200, data } },
    sentAt: 50,
    answeredAt: 60,
  });
  expect(checkLinearizable(articleDataModel, initial, [unanswered, read(initial)]).kind).toBe('linearizable');
  expect(checkLinearizable(articleDataModel, initial, [unanswered, read({ ...initial, b: 9 })]).kind).toBe(
    'linearizable',
  );
});

test('a search past its bound says undecided instead of running on', () => {
  const plans = Array.from({ length: 9 }, (_, index): Planned => ({
    step: { operation: 'setDataKey', key: `k${String(index)}`, payload: { value: index } },
    choice: 0,
    before: 30,
    after: 30,
  }));
  expect(checkLinearizable(articleDataModel, initial, historyOf(plans, true), 3).kind).toBe('undecided');
});
