/**
 * The linearizability check against histories whose answer is known: made by running the model in
 * some order and giving each operation an interval around its moment (always linearizable), or
 * sequential histories with one planted fault (never linearizable), plus its time bound.
 */
import fc from 'fast-check';
import { checkLinearizable, type Observed } from './check';
import { articleDataModel, type Data, type DataOperation } from './model';
import {
  historyOf as historyFrom,
  plannedArbitrary as plannedFor,
  seenKeyWrite,
  seenRead,
  type Planned,
} from './__tests__/histories';

const keys = ['a', 'b', 'svc_r'];
const plannedArbitrary = plannedFor(keys);
const initial: Data = { a: 0, svc_r: 'kept' };
const historyOf = (plans: Planned[], spread: boolean): Observed<DataOperation>[] => historyFrom(initial, plans, spread);

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
  const writes = [seenKeyWrite('a', 1, { ...initial, a: 1 }, 0, 10), seenKeyWrite('b', 2, { ...initial, b: 2 }, 0, 10)];
  const lost = [...writes, seenRead({ ...initial, b: 2 }, 20, 30)];
  expect(checkLinearizable(articleDataModel, initial, lost).kind).toBe('not linearizable');
  const kept = [...writes, seenRead({ ...initial, a: 1, b: 2 }, 20, 30)];
  expect(checkLinearizable(articleDataModel, initial, kept).kind).toBe('not linearizable');
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
  expect(checkLinearizable(articleDataModel, initial, historyOf(plans, true), { limit: 3 }).kind).toBe('undecided');
});

test('reads in flight together that all see the same data are placed once, not in every order, so a lost write among them is found within the bound', () => {
  const reads = Array.from({ length: 40 }, (_, index) => seenRead(initial, index, 100 + index));
  const history = [...reads, seenKeyWrite('b', 1, { ...initial, b: 1 }, 0, 150), seenRead(initial, 200, 210)];
  expect(checkLinearizable(articleDataModel, initial, history, { limit: 1_000 }).kind).toBe('not linearizable');
});
