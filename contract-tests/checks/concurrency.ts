/**
 * What only requests sent at once show (4.2 to 4.6): a target whose writes are a read-modify-write
 * of the whole `data`, the comment list or the count passes every check that sends one request at a
 * time, and loses acknowledged writes under real traffic. Each check sends `--concurrency`
 * requests at once on one article and judges the outcome against every order the interface
 * allows, so a correct target that orders them its own way always passes.
 */
import type { Write } from 'site-articles-schemas/conformance';
import { judgeDataBurst, type BurstOutcome } from './data-burst';
import type { Check, CheckContext } from './check';
import { expectJudged } from './judged';
import { judgedAtOnce } from './judged-at-once';
import { judgeMeetingBurst } from './meeting-burst';
import {
  meetingKinds,
  pairsAmong,
  planMeetings,
  type MeetingKind,
  type MeetingPlan,
  type Slot,
} from '../concurrent/meetings';

const off = (context: CheckContext): string | undefined =>
  context.concurrency < 2 ? 'the concurrency checks are off (--concurrency 1)' : undefined;

const setKey = (key: string, value: unknown): Write => ({ operation: 'setDataKey', key, payload: { value } });

/** Sets the keys a burst removes first, each judged as every write is (several at once: judged-at-once.ts). */
async function setKeysToRemove(context: CheckContext, names: string[]): Promise<void> {
  const writes = names.map((name) => ({
    operation: 'setDataKey' as const,
    key: `${context.marker}_${name}`,
    payload: { value: 'to remove' },
  }));
  await judgedAtOnce(context, writes, (judged) => {
    expectJudged(judged, 'setting a key the burst removes');
  });
}
/** A burst's note for the report: why it was not judged, if it was not. */
const noteOf = async (burst: Promise<BurstOutcome>): Promise<string | undefined> => (await burst).note;

const steps = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => make(index));

const distinctKeys: Check = {
  id: 'concurrent-distinct-keys',
  section: '4.3',
  title: 'keys written at once, each its own, are all kept: no acknowledged write is lost to another',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    return (
      off(context) ??
      noteOf(
        judgeDataBurst(
          context,
          `${String(context.concurrency)} distinct keys written at once`,
          steps(context.concurrency, (index) => ({
            label: `#${String(index + 1)} PUT data/…_at${String(index + 1)}`,
            write: setKey(`${context.marker}_at${String(index + 1)}`, { written: index + 1 }),
          })),
        ),
      )
    );
  },
};

const sameKey: Check = {
  id: 'concurrent-same-key',
  section: '4.3',
  title: 'one key written at once with different values holds one of them, and each answer shows its own',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    return (
      off(context) ??
      noteOf(
        judgeDataBurst(
          context,
          `one key written ${String(context.concurrency)} times at once`,
          steps(context.concurrency, (index) => ({
            label: `#${String(index + 1)} PUT data/…_same = ${String(index + 1)}`,
            write: setKey(`${context.marker}_same`, index + 1),
          })),
        ),
      )
    );
  },
};

/** Runs each burst of a plan in turn; the first note (a burst not judged) is the check's. */
async function runPlan(context: CheckContext, what: string, bursts: Slot[][]): Promise<string | undefined> {
  let note: string | undefined;
  for (const [at, burst] of bursts.entries()) {
    const named = bursts.length > 1 ? `${what}, burst ${String(at + 1)} of ${String(bursts.length)}` : what;
    note ??= await judgeMeetingBurst(context, `${String(burst.length)} ${named}`, burst, at + 1);
  }
  return note;
}

const dataKinds: MeetingKind[] = ['read', 'update', 'set', 'remove'];

/** The bursts of the data operations on one article: every pair of them, each with itself too. */
export const mixedPlan = (size: number): MeetingPlan =>
  planMeetings({ size, kinds: dataKinds, pairs: pairsAmong(dataKinds), where: 'same', postsPerArticle: 0 });

const mixed: Check = {
  id: 'concurrent-mixed-writes',
  section: '4.2',
  title: 'key writes, removals, full updates and reads at once answer and leave what some order of them would',
  changesData: true,
  postsComment: false,
  async run(context) {
    // A full update sends the article's own keys as they are (reserved keys are read-only: 2.1), not
    // the run's: a key the burst removes sent back by an update would leave nothing to judge.
    return off(context) ?? runPlan(context, 'mixed requests at once', mixedPlan(context.concurrency).bursts);
  },
};

const removals: Check = {
  id: 'concurrent-removals',
  section: '4.4',
  title: 'keys removed at once, each its own, are all gone: no acknowledged removal is undone by another',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    if (off(context) !== undefined) return off(context);
    const count = context.concurrency;
    await setKeysToRemove(
      context,
      steps(count, (index) => `remove${String(index + 1)}`),
    );
    return noteOf(
      judgeDataBurst(
        context,
        `${String(count)} keys removed at once`,
        steps(count, (index) => ({
          label: `#${String(index + 1)} DELETE data/…_remove${String(index + 1)}`,
          write: { operation: 'deleteDataKey', key: `${context.marker}_remove${String(index + 1)}` },
        })),
      ),
    );
  },
};

/**
 * Every pair of the six operations, one request on each of two articles (key writes, reads, full
 * updates, removals, list reads and posts): a store that keeps what a request is about in a place
 * every request shares (a handler's module variable, a connection's session) writes or answers one
 * article's change on another, which no burst on one article shows.
 */
export const acrossPlan = (size: number): MeetingPlan =>
  planMeetings({
    size,
    kinds: meetingKinds,
    pairs: pairsAmong(meetingKinds),
    where: 'across',
    postsPerArticle: postsAcrossArticles,
  });

const acrossArticles: Check = {
  id: 'concurrent-across-articles',
  section: '4.3',
  title: 'requests sent at once to different articles each land on their own article, and each answer shows it',
  changesData: true,
  postsComment: true,
  spansArticles: true,
  async run(context) {
    const articles = [context.articleId, ...(context.otherArticles ?? [])];
    if (off(context) !== undefined) return off(context);
    if (articles.length < 2) return 'needs two or more articles (--article-id): a write cannot land on another one';
    const what = `requests at once across articles ${articles.slice(0, 2).join(' and ')}`;
    return runPlan(context, what, acrossPlan(context.concurrency).bursts);
  },
};

/** Posts are permanent: the most a run's bursts post on one article, whatever `--concurrency` says. */
export const maxBurstPosts = 4;
/** Of those, the posts of the bursts on one article, and of the bursts across two. */
const postsOnOneArticle = 2;
const postsAcrossArticles = maxBurstPosts - postsOnOneArticle;

/** The bursts of posts and list reads meeting each other and every data operation on one article. */
export const postsPlan = (size: number): MeetingPlan =>
  planMeetings({
    size,
    kinds: meetingKinds,
    pairs: pairsAmong(meetingKinds, ['post', 'list']),
    where: 'same',
    postsPerArticle: postsOnOneArticle,
  });

/** How many comments the bursts post on each article of a run with `articles` articles. */
export function burstPostsPerArticle(concurrency: number, articles: number): number {
  if (concurrency < 2) return 0;
  const posts = (plan: MeetingPlan, article: 0 | 1): number =>
    plan.bursts.flat().filter((slot) => slot.kind === 'post' && slot.article === article).length;
  const across = acrossPlan(concurrency);
  const onOne = posts(postsPlan(concurrency), 0);
  return articles < 2 ? onOne : onOne + Math.max(posts(across, 0), posts(across, 1));
}

const posts: Check = {
  id: 'concurrent-posts',
  section: '4.6',
  title:
    'comments posted at once, beside list reads, reads and writes, are each listed once everywhere and counted exactly',
  changesData: true,
  postsComment: true,
  async run(context) {
    return (
      off(context) ?? runPlan(context, 'posts, lists and data requests at once', postsPlan(context.concurrency).bursts)
    );
  },
};

export const concurrencyChecks: Check[] = [distinctKeys, sameKey, removals, mixed, acrossArticles, posts];
