import type { Write } from 'site-articles-schemas/conformance';
import { AnsweredWrites } from './answered-writes';
import { KeyWrites, PostTally, Turn } from './turns';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe('turns on one article', () => {
  test('steps that share a turn run at once; one alone waits for them and runs with nothing beside it', async () => {
    const turn = new Turn();
    const events: string[] = [];
    const step = (name: string, alone: boolean) =>
      turn.take(alone, async () => {
        events.push(`${name} starts`);
        await tick();
        events.push(`${name} ends`);
      });
    await Promise.all([step('a', false), step('b', false), step('update', true), step('c', false)]);
    expect(events).toEqual([
      'a starts',
      'b starts',
      'a ends',
      'b ends',
      'update starts',
      'update ends',
      'c starts',
      'c ends',
    ]);
  });

  test('a step that lets go of its turn before it ends lets the one waiting alone in while it finishes', async () => {
    const turn = new Turn();
    const events: string[] = [];
    const batch = turn.take(false, async (release) => {
      events.push('batch sends');
      await tick();
      release();
      events.push('batch reads after');
      await tick();
      events.push('batch ends');
    });
    const update = turn.take(true, () => Promise.resolve(events.push('update starts')));
    await Promise.all([batch, update]);
    expect(events).toEqual(['batch sends', 'batch reads after', 'update starts', 'batch ends']);
  });
});

describe('the comments posted beside a write', () => {
  /** A tally holding one post sent at `sentAt` and answered at `answeredAt` with `status`. */
  const tallyOf = (sentAt: number, answeredAt: number | undefined, status: number | undefined): PostTally => {
    const tally = new PostTally();
    tally.sending().answered(status, { sentAt, answeredAt });
    return tally;
  };
  const write = { sentAt: 10, answeredAt: 20 };
  const read = { sentAt: 30, answeredAt: 40 };

  test.each([
    ['sent after the answer and accepted before the read left: surely landed in between', 22, 28, 201, 1, 1],
    ['overlapping the write: may have landed before or after its answer', 15, 25, 201, 0, 1],
    ['overlapping the read: may have landed before or after it', 25, 35, 201, 0, 1],
    ['refused, though in between: only may have landed', 22, 28, 422, 0, 1],
    ['never answered: may land at any time after it left', 5, undefined, undefined, 0, 1],
    ['answered before the write left: before both', 2, 8, 201, 0, 0],
    ['sent after the read was answered: after both', 45, 50, 201, 0, 0],
  ] as const)('a post %s', (_name, sentAt, answeredAt, status, least, most) => {
    expect(tallyOf(sentAt, answeredAt, status).between(write, read)).toEqual({ least, most });
  });

  test.each([
    ['answered before the read left: the read counts it', 2, 8, 201, 0],
    ['sent after the read was answered and accepted: counted on top of it', 45, 50, 201, 1],
    ['overlapping the read: not known on which side it landed', 25, 35, 201, undefined],
    ['sent after the read, but refused: not known whether it landed', 45, 50, 422, undefined],
    ['never answered: it may land at any time', 45, undefined, undefined, undefined],
  ] as const)('the comments a post %s added after a read', (_name, sentAt, answeredAt, status, added) => {
    expect(tallyOf(sentAt, answeredAt, status).landedAfter(read)).toBe(added);
  });
});

describe('key writes beside a full update', () => {
  const set = (key: string, value: unknown): Write => ({ operation: 'setDataKey', key, payload: { value } });
  const answered = { answer: { status: 200, json: {} } };

  test('an update sends each key write under way with the value it sets and leaves out each key a removal under way removes; those sent meanwhile wait for its answer', async () => {
    const writes = new KeyWrites(new AnsweredWrites());
    const events: string[] = [];
    const landing: (() => void)[] = [];
    const held =
      <T>(answer: T) =>
      (): Promise<T> =>
        new Promise((resolve) => {
          landing.push(() => {
            resolve(answer);
          });
        });
    const leaving =
      <T>(what: string, answer: T) =>
      (): Promise<T> => {
        events.push(`the later ${what} leaves`);
        return Promise.resolve(answer);
      };
    const removed = { status: 204, json: undefined };
    const underWay = [
      writes.send(set('b', 1), held(answered)),
      writes.send({ operation: 'deleteDataKey', key: 'f' }, held({ answer: removed })),
      writes.removeAll(['c', 'd'], held(removed)),
    ];
    const sent = await writes.closedFor(async (overlay) => {
      const data = overlay({ a: 0, b: 0, c: 0, d: 0, f: 0 });
      const later = [
        writes.send(set('e', 2), leaving('write', answered)),
        writes.removeAll(['a'], leaving('removal', removed)),
      ];
      await tick();
      events.push('the update is answered');
      return { data, later };
    });
    await Promise.all(sent.later);
    for (const land of landing) land();
    await Promise.all(underWay);
    expect(sent.data).toEqual({ a: 0, b: 1 });
    expect(events).toEqual(['the update is answered', 'the later write leaves', 'the later removal leaves']);
  });

  test('a write answered before the update closed is not in its overlay but among the writes answered since a read left', async () => {
    const log = new AnsweredWrites();
    const writes = new KeyWrites(log);
    const reading = log.reading();
    await writes.send(set('b', 1), () => Promise.resolve(answered));
    const data = await writes.closedFor((overlay) => Promise.resolve(overlay({ a: 0 })));
    expect(data).toEqual({ a: 0 });
    expect(reading.replay({ a: 0 })).toEqual({ a: 0, b: 1 });
    reading.done();
  });

  test("an update that said its writes are sent, ending after a later update closed, leaves the later one closed: a key write waits for the later update's answer", async () => {
    const writes = new KeyWrites(new AnsweredWrites());
    const events: string[] = [];
    let endFirst = (): void => undefined;
    let answerSecond = (): void => undefined;
    const first = writes.closedFor(async (_overlay, reopen) => {
      reopen();
      await new Promise<void>((resolve) => (endFirst = resolve));
      events.push('the earlier update ends');
    });
    const second = writes.closedFor(async () => {
      await new Promise<void>((resolve) => (answerSecond = resolve));
      events.push('the later update is answered');
    });
    endFirst();
    await first;
    const write = writes.send(set('a', 1), () => {
      events.push('the key write leaves');
      return Promise.resolve(answered);
    });
    await tick();
    answerSecond();
    await Promise.all([second, write]);
    expect(events).toEqual(['the earlier update ends', 'the later update is answered', 'the key write leaves']);
  });
});
