import { meetingKinds, metPairs, pairsAmong, planMeetings, type MeetingKind, type PlanOptions } from './meetings';
import { acrossPlan, mixedPlan, postsPlan } from '../checks/concurrency';

const dataKinds: MeetingKind[] = ['read', 'update', 'set', 'remove'];
const postsOn = (bursts: { kind: string; article: number }[][], article: number): number =>
  bursts.flat().filter((slot) => slot.kind === 'post' && slot.article === article).length;

describe('the plan of the bursts', () => {
  test.each([8, 12, 64])(
    'with %i requests a burst, holds every pair of the six operations on one article and across two',
    (size) => {
      expect(mixedPlan(size).unplanned).toEqual([]);
      expect(postsPlan(size).unplanned).toEqual([]);
      expect(acrossPlan(size).unplanned).toEqual([]);
      for (const plan of [mixedPlan(size), postsPlan(size), acrossPlan(size)])
        for (const burst of plan.bursts) expect(burst.length).toBe(size);
    },
  );

  test.each([2, 3, 5])(
    'with %i requests a burst, leaves out only pairs with a post, the posts being capped',
    (size) => {
      expect(mixedPlan(size).unplanned).toEqual([]);
      for (const plan of [postsPlan(size), acrossPlan(size)])
        expect(plan.unplanned.filter((pair) => !pair.includes('post'))).toEqual([]);
    },
  );

  test.each([2, 3, 8, 64])('with %i requests a burst, posts at most 4 comments on each article in all', (size) => {
    const across = acrossPlan(size).bursts;
    for (const article of [0, 1])
      expect(postsOn(postsPlan(size).bursts, 0) + postsOn(across, article)).toBeLessThanOrEqual(4);
  });

  test('with 8 requests a burst, the data operations meet in one burst and the posts and lists in one more', () => {
    expect(mixedPlan(8).bursts).toHaveLength(1);
    expect(postsPlan(8).bursts).toHaveLength(1);
  });

  test('names the pairs it cannot hold when too few posts are allowed', () => {
    const options: PlanOptions = {
      size: 2,
      kinds: meetingKinds,
      pairs: pairsAmong(meetingKinds, ['post']),
      where: 'same',
      postsPerArticle: 1,
    };
    expect(planMeetings(options).unplanned).toContain('post+post');
  });

  test('holds the pairs of the kinds asked only', () => {
    const plan = planMeetings({
      size: 4,
      kinds: dataKinds,
      pairs: pairsAmong(dataKinds),
      where: 'same',
      postsPerArticle: 0,
    });
    expect(new Set(plan.bursts.flat().map((slot) => slot.kind))).toEqual(new Set(dataKinds));
  });
});

describe('what met', () => {
  test('counts two requests as met when each left before the other was answered, on one article or across two', () => {
    const met = metPairs([
      { kind: 'update', article: 0, sentAt: 0, answeredAt: 10 },
      { kind: 'read', article: 0, sentAt: 5, answeredAt: 6 },
      { kind: 'post', article: 1, sentAt: 9, answeredAt: undefined },
      { kind: 'list', article: 0, sentAt: 11, answeredAt: 12 },
    ]);
    expect([...met.same].sort()).toEqual(['read+update']);
    expect([...met.across].sort()).toEqual(['list+post', 'update+post']);
  });
});
