/**
 * Histories whose verdict is known, for the linearizability check's tests: steps run through the
 * model one after the other, each seen over an interval around its moment, so the history is
 * linearizable however the intervals overlap.
 */
import fc from 'fast-check';
import { predictData, type Write } from '../../predict';
import type { Observed } from '../check';
import type { Data, DataOperation } from '../model';

export interface Planned {
  step: Write | 'read';
  /** Which of the allowed results a server picks (a full update may merge or replace). */
  choice: number;
  before: number;
  after: number;
}

export const writeArbitrary = (keys: string[]): fc.Arbitrary<Write | 'read'> =>
  fc.oneof(
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

export const plannedArbitrary = (keys: string[]): fc.Arbitrary<Planned> =>
  fc.record({
    step: writeArbitrary(keys),
    choice: fc.nat(1),
    before: fc.integer({ min: 0, max: 30 }),
    after: fc.integer({ min: 0, max: 30 }),
  });

/** Runs the steps from `initial` at moments 100, 200, ...; each is seen over its interval around its moment. */
export function historyOf(initial: Data, plans: Planned[], spread: boolean): Observed<DataOperation>[] {
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

/** A read seen over [sentAt, answeredAt] that showed `data`. */
export const seenRead = (data: Data, sentAt: number, answeredAt: number): Observed<DataOperation> => ({
  op: { kind: 'read', answer: { status: 200, data } },
  sentAt,
  answeredAt,
});

/** A key write seen over [sentAt, answeredAt], accepted, answering the article with `shown` as its data. */
export const seenKeyWrite = (
  key: string,
  value: unknown,
  shown: Data,
  sentAt: number,
  answeredAt: number,
): Observed<DataOperation> => ({
  op: {
    kind: 'write',
    write: { operation: 'setDataKey', key, payload: { value } },
    answer: { status: 200, data: shown },
  },
  sentAt,
  answeredAt,
});
