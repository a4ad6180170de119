import { judgePostsMidway, type MidwaySight, type TimedPost } from './bursts';

const post = (status: number | undefined, sentAt: number, answeredAt: number | undefined, n = 1): TimedPost => ({
  author: `a${String(n)}`,
  body: `b${String(n)}`,
  status,
  sentAt,
  answeredAt,
});
const listed = (...numbers: number[]): unknown[] =>
  numbers.map((n) => ({ author: `a${String(n)}`, body: `b${String(n)}` }));
const list = (sentAt: number, answeredAt: number, items: unknown[]): MidwaySight => ({
  address: 'list',
  sentAt,
  answeredAt,
  items,
});
const count = (sentAt: number, answeredAt: number, value: unknown): MidwaySight => ({
  address: 'read',
  sentAt,
  answeredAt,
  count: value,
});
const rules = (posts: TimedPost[], sights: MidwaySight[]): string[] =>
  judgePostsMidway(3, posts, sights).map((found) => found.rule);

describe('lists and counts read while posts are under way', () => {
  test.each([
    ['a list sent after a post was acknowledged holds it', [post(201, 0, 5)], [list(6, 7, listed(1))], []],
    ['a list sent after a post was acknowledged lacks it', [post(201, 0, 5)], [list(6, 7, [])], ['posts-all-listed']],
    ['a list sent while a post was under way may lack it', [post(201, 0, 5)], [list(2, 3, [])], []],
    ['a list sent while a post was under way may hold it', [post(201, 0, 5)], [list(2, 3, listed(1))], []],
    ['a list holds a post twice', [post(201, 0, 5)], [list(2, 3, listed(1, 1))], ['posts-all-listed']],
    ['a list holds a refused post', [post(400, 0, 5)], [list(6, 7, listed(1))], ['posts-all-listed']],
    ['a count counts the post acknowledged before it was asked', [post(201, 0, 5)], [count(6, 7, 4)], []],
    [
      'a count lacks the post acknowledged before it was asked',
      [post(201, 0, 5)],
      [count(6, 7, 3)],
      ['posts-all-counted'],
    ],
    ['a count while the post was under way may lack it', [post(201, 0, 5)], [count(2, 3, 3)], []],
    ['a count while the post was under way may hold it', [post(201, 0, 5)], [count(2, 3, 4)], []],
    ['a count above every post sent', [post(201, 0, 5)], [count(2, 3, 5)], ['posts-all-counted']],
    ['a count that is not a number', [post(201, 0, 5)], [count(6, 7, '4')], ['posts-all-counted']],
    ['a count may hold a post never answered', [post(undefined, 0, undefined)], [count(2, 3, 4)], []],
  ] as [string, TimedPost[], MidwaySight[], string[]][])('%s', (_name, posts, sights, want) => {
    expect(rules(posts, sights)).toEqual(want);
  });
});
