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

test('a read made while no one held the turn counts inside it only if no one took the turn in between', async () => {
  const turn = new Turn();
  const untouched = turn.quiet();
  expect(await turn.take(true, () => Promise.resolve(turn.untakenSince(untouched)))).toBe(true);
  const touched = turn.quiet();
  await turn.take(false, () => Promise.resolve());
  expect(await turn.take(true, () => Promise.resolve(turn.untakenSince(touched)))).toBe(false);
  const busy = turn.take(false, tick);
  expect(turn.quiet()).toBeUndefined();
  await busy;
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
});

describe('key writes beside a full update', () => {
  test('an update sends each key write under way with the value it sets, and one sent meanwhile waits for its answer', async () => {
    const writes = new KeyWrites();
    const events: string[] = [];
    let land = (): void => undefined;
    const underWay = writes.send('b', 1, () => new Promise<void>((resolve) => (land = resolve)));
    const sent = await writes.closedFor(performance.now(), async (overlay) => {
      const data = overlay({ a: 0, b: 0 });
      const later = writes.send('c', 2, () => {
        events.push('the later write leaves');
        return Promise.resolve();
      });
      await tick();
      events.push('the update is answered');
      return { data, later };
    });
    await sent.later;
    land();
    await underWay;
    expect(sent.data).toEqual({ a: 0, b: 1 });
    expect(events).toEqual(['the update is answered', 'the later write leaves']);
  });

  test('a write answered before the update read the article is not sent again', async () => {
    const writes = new KeyWrites();
    await writes.send('b', 1, () => Promise.resolve());
    await tick();
    const data = await writes.closedFor(performance.now(), (overlay) => Promise.resolve(overlay({ a: 0 })));
    expect(data).toEqual({ a: 0 });
  });

  test("an update that said its writes are sent, ending after a later update closed, leaves the later one closed: a key write waits for the later update's answer", async () => {
    const writes = new KeyWrites();
    const events: string[] = [];
    let endFirst = (): void => undefined;
    let answerSecond = (): void => undefined;
    const first = writes.closedFor(performance.now(), async (_overlay, reopen) => {
      reopen();
      await new Promise<void>((resolve) => (endFirst = resolve));
      events.push('the earlier update ends');
    });
    const second = writes.closedFor(performance.now(), async () => {
      await new Promise<void>((resolve) => (answerSecond = resolve));
      events.push('the later update is answered');
    });
    endFirst();
    await first;
    const write = writes.send('a', 1, () => Promise.resolve(events.push('the key write leaves')));
    await tick();
    answerSecond();
    await Promise.all([second, write]);
    expect(events).toEqual(['the earlier update ends', 'the later update is answered', 'the key write leaves']);
  });
});
