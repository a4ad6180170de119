import { ArticleTurns } from './side-by-side';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe('turns on one article', () => {
  test('steps that share the article run at once; one alone waits for them and runs with nothing beside it', async () => {
    const turns = new ArticleTurns();
    const events: string[] = [];
    const step = (name: string, alone: boolean) =>
      turns.take(alone, async () => {
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
});
