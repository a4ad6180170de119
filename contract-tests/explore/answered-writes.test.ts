import type { Write } from 'site-articles-schemas/conformance';
import { AnsweredWrites, type WriteAnswer } from './answered-writes';

const set = (key: string, value: unknown): Write => ({ operation: 'setDataKey', key, payload: { value } });
const remove = (key: string): Write => ({ operation: 'deleteDataKey', key });
const update = (data: Record<string, unknown>): Write => ({
  operation: 'updateArticle',
  payload: { article: { data } },
});
const answer = (status: number, data?: Record<string, unknown>): WriteAnswer => ({
  status,
  json: data ? { id: 1, data } : {},
});

/** A write and what came back (undefined: no answer), or a batch sent at once letting go of the keys. */
type Told = readonly [Write, WriteAnswer | undefined] | 'batch';

function tell(log: AnsweredWrites, told: readonly Told[]): void {
  for (const one of told) {
    if (one === 'batch') log.toldBatch();
    else log.told(...one);
  }
}

/** The writes told after a read left, replayed on `data` as that read showed it. */
function replayedAfter(data: Record<string, unknown>, told: readonly Told[]): unknown {
  const log = new AnsweredWrites();
  const reading = log.reading();
  tell(log, told);
  const replayed = reading.replay(data);
  reading.done();
  return replayed;
}

describe('the writes answered since a read left, replayed on what it read', () => {
  test.each([
    ['a key write answered 200 sets its key', [set('x', [1, -0]), answer(200)], { x: [1, 0], y: 1 }],
    ['a removal answered 204 removes its key', [remove('y'), answer(204)], {}],
    ['a removal answered 404 leaves its key absent', [remove('y'), answer(404)], {}],
    ['a key write to a reserved key changes nothing, even refused', [set('svc_x', 1), answer(422)], { y: 1 }],
    [
      'a full update whose answer lacks a key it left out replaced the data',
      [update({ z: 2 }), answer(200, { z: 2 })],
      { z: 2 },
    ],
    [
      'a full update whose answer still has the keys it left out merged the data',
      [update({ z: 2 }), answer(200, { y: 1, z: 2 })],
      { y: 1, z: 2 },
    ],
    ['a full update that left nothing out needs no data in its answer', [update({ y: 3 }), answer(200)], { y: 3 }],
  ] as const)('%s', (_name, told, expected) => {
    expect(replayedAfter({ y: 1 }, [told])).toEqual(expected);
  });

  test('writes are replayed in the order they were answered', () => {
    const setThenRemove = replayedAfter({}, [
      [set('x', 1), answer(200)],
      [remove('x'), answer(204)],
    ]);
    const removeThenSet = replayedAfter({}, [
      [remove('x'), answer(404)],
      [set('x', 1), answer(200)],
    ]);
    expect([setThenRemove, removeThenSet]).toEqual([{}, { x: 1 }]);
  });

  test('a reserved key the read showed stays as read under a full update that replaced the data', () => {
    const told = [update({ z: 2 }), answer(200, { svc_k: 1, z: 2 })] as const;
    expect(replayedAfter({ svc_k: 1, y: 1 }, [told])).toEqual({ svc_k: 1, z: 2 });
  });

  test('a write answered before the read left is not replayed: the read shows it', () => {
    const log = new AnsweredWrites();
    const earlier = log.reading();
    log.told(set('x', 1), answer(200));
    const reading = log.reading();
    expect([earlier.replay({}), reading.replay({})]).toEqual([{ x: 1 }, {}]);
  });
});

describe('a replay that gives up, so the update reads again', () => {
  test.each([
    ['a batch sent at once let go of the keys', 'batch'],
    ['a key write was refused', [set('x', 1), answer(422)]],
    ['a key write got no answer', [set('x', 1), undefined]],
    ['a removal answered 500', [remove('y'), answer(500)]],
    ['a full update was refused', [update({ y: 1, w: 2 }), answer(422)]],
    ['a full update left a key out and its answer shows no data', [update({ y: 1 }), answer(200)]],
    ['a full update left two keys out and its answer kept one of them', [update({}), answer(200, { y: 1 })]],
  ] as const)('when %s', (_name, told) => {
    expect(replayedAfter({ y: 1, w: 2 }, [told])).toBeUndefined();
  });

  test('what is not exactly known but was answered before the read left does not make it give up', () => {
    const log = new AnsweredWrites();
    const earlier = log.reading();
    log.toldBatch();
    const reading = log.reading();
    log.told(set('x', 1), answer(200));
    expect([earlier.replay({}), reading.replay({})]).toEqual([undefined, { x: 1 }]);
  });

  test('a write sent through `sending` that throws is told as one that got no answer', async () => {
    const log = new AnsweredWrites();
    const reading = log.reading();
    const failing = log.sending(
      set('x', 1),
      () => Promise.reject(new Error('reset')),
      (done: WriteAnswer) => done,
    );
    await expect(failing).rejects.toThrow('reset');
    await log.sending(
      set('z', 1),
      () => Promise.resolve(answer(200)),
      (done) => done,
    );
    expect(reading.replay({})).toBeUndefined();
  });
});

describe('what the answered writes keep', () => {
  test('nothing while no read is under way', () => {
    const log = new AnsweredWrites();
    tell(log, [[set('x', 1), answer(200)], 'batch']);
    expect(log.kept).toBe(0);
  });

  test('once a read is done, only the writes answered after the oldest read still under way left', () => {
    const log = new AnsweredWrites();
    const first = log.reading();
    log.told(set('a', 1), answer(200));
    const second = log.reading();
    log.told(set('b', 1), answer(200));
    const third = log.reading();
    log.told(set('c', 1), answer(200));
    const kept = [log.kept];
    second.done();
    kept.push(log.kept);
    first.done();
    kept.push(log.kept);
    expect(third.replay({})).toEqual({ c: 1 });
    third.done();
    kept.push(log.kept);
    expect(kept).toEqual([3, 3, 1, 0]);
  });

  test('a read done twice forgets once: the reads still under way keep what they need', () => {
    const log = new AnsweredWrites();
    const first = log.reading();
    const second = log.reading();
    log.told(set('a', 1), answer(200));
    first.done();
    first.done();
    expect(second.replay({})).toEqual({ a: 1 });
    second.done();
    expect(log.kept).toBe(0);
  });
});
