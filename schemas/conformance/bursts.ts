/**
 * Judging comments posted at once (4.5, 4.6, 2.1): whatever order a target gives them, every
 * acknowledged post is listed exactly once at every list address, a refused one nowhere, one whose
 * answer never came at most once; and `comments_count` equals each list and grew by exactly the
 * posts that took effect. The data of writes sent at once is judged by the linearizability check
 * (linearizability/), since there the order matters.
 */
import { isSuccessStatus } from './status';
import { violation, type Violation } from './violation';

export interface BurstPost {
  author: string;
  body: string;
  /** The answer's status; undefined when no answer came. */
  status: number | undefined;
}

export interface PostBurst {
  countBefore: number;
  posts: BurstPost[];
  countAfter: unknown;
  lists: { address: string; items: unknown[] }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const accepted = (post: BurstPost): boolean => post.status !== undefined && isSuccessStatus(post.status);
const unknown = (post: BurstPost): boolean => post.status === undefined || post.status >= 500;

function copiesOf(items: unknown[], post: BurstPost): number {
  return items.filter((item) => isRecord(item) && item.author === post.author && item.body === post.body).length;
}

function judgeListed(burst: PostBurst): Violation[] {
  const found: Violation[] = [];
  for (const list of burst.lists)
    burst.posts.forEach((post, index) => {
      const copies = copiesOf(list.items, post);
      const allowed = accepted(post) ? [1] : unknown(post) ? [0, 1] : [0];
      if (!allowed.includes(copies))
        found.push(
          violation(
            'posts-all-listed',
            `${list.address} (post #${String(index + 1)})`,
            `the post (answered ${String(post.status ?? 'nothing')}) listed ${allowed.join(' or ')} time(s)`,
            `listed ${String(copies)} time(s)`,
          ),
        );
    });
  return found;
}

function judgeCounted(burst: PostBurst): Violation[] {
  const found: Violation[] = [];
  for (const list of burst.lists)
    if (burst.countAfter !== list.items.length)
      found.push(
        violation(
          'posts-all-counted',
          '/comments_count',
          `${String(list.items.length)} (listed at ${list.address})`,
          JSON.stringify(burst.countAfter),
        ),
      );
  const sure = burst.posts.filter(accepted).length;
  const maybe = burst.posts.filter(unknown).length;
  const grown = typeof burst.countAfter === 'number' ? burst.countAfter - burst.countBefore : Number.NaN;
  if (!(grown >= sure && grown <= sure + maybe))
    found.push(
      violation(
        'posts-all-counted',
        '/comments_count',
        `${String(burst.countBefore)} grown by the ${String(sure)} acknowledged post(s)${maybe > 0 ? ` (and up to ${String(maybe)} unanswered)` : ''}`,
        JSON.stringify(burst.countAfter),
      ),
    );
  return found;
}

export const judgePostBurst = (burst: PostBurst): Violation[] => [...judgeListed(burst), ...judgeCounted(burst)];

/** A post of the burst with when it left and when its answer came (undefined: never), on the burst's time axis. */
export interface TimedPost extends BurstPost {
  sentAt: number;
  answeredAt: number | undefined;
}

/** A whole comment list (`items`) or an Article's `comments_count` (`count`) answered while the posts were under way. */
export interface MidwaySight {
  address: string;
  sentAt: number;
  answeredAt: number;
  items?: unknown[];
  count?: unknown;
}

const answeredBefore = (post: TimedPost, moment: number): boolean =>
  accepted(post) && post.answeredAt !== undefined && post.answeredAt < moment;

function judgeListedMidway(posts: TimedPost[], sight: MidwaySight & { items: unknown[] }): Violation[] {
  return posts.flatMap((post, index) => {
    const copies = copiesOf(sight.items, post);
    const allowed = answeredBefore(post, sight.sentAt) ? [1] : accepted(post) || unknown(post) ? [0, 1] : [0];
    return allowed.includes(copies)
      ? []
      : [
          violation(
            'posts-all-listed',
            `${sight.address}, read while the posts were under way (post #${String(index + 1)})`,
            `the post (answered ${String(post.status ?? 'nothing')}) listed ${allowed.join(' or ')} time(s)`,
            `listed ${String(copies)} time(s)`,
          ),
        ];
  });
}

function judgeCountedMidway(countBefore: number, posts: TimedPost[], sight: MidwaySight): Violation[] {
  const least = countBefore + posts.filter((post) => answeredBefore(post, sight.sentAt)).length;
  const most =
    countBefore + posts.filter((post) => (accepted(post) || unknown(post)) && post.sentAt < sight.answeredAt).length;
  const count = sight.count;
  if (typeof count === 'number' && count >= least && count <= most) return [];
  return [
    violation(
      'posts-all-counted',
      `${sight.address} /comments_count, answered while the posts were under way`,
      `from ${String(least)} (the posts acknowledged before it was sent) to ${String(most)} (those sent before it was answered)`,
      JSON.stringify(count),
    ),
  ];
}

/**
 * Lists and Articles answered while posts sent at once were under way: a post acknowledged before
 * a list was sent is in it exactly once, and none is listed twice; a `comments_count` is at least
 * the posts acknowledged before it was asked for and at most those sent before it was answered.
 */
export const judgePostsMidway = (countBefore: number, posts: TimedPost[], sights: MidwaySight[]): Violation[] =>
  sights.flatMap((sight) => [
    ...(sight.items ? judgeListedMidway(posts, { ...sight, items: sight.items }) : []),
    ...(sight.count === undefined ? [] : judgeCountedMidway(countBefore, posts, sight)),
  ]);
