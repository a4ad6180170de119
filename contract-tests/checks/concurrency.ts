/**
 * What only requests sent at once show (4.2 to 4.6): a target whose writes are a read-modify-write
 * of the whole `data`, the comment list or the count passes every check that sends one request at a
 * time, and loses acknowledged writes under real traffic. Each check sends `--concurrency`
 * requests at once on one article and judges the outcome against every order the interface
 * allows, so a correct target that orders them its own way always passes.
 */
import type { Write } from 'site-articles-schemas/conformance';
import { judgeDataBurst, type BurstOutcome, type BurstStep } from './data-burst';
import { judgePostBurstOn } from './post-burst';
import type { Check, CheckContext } from './check';
import { expectJudged } from './judged';
import { judgedAtOnce } from './judged-at-once';
import { ownKeysOf } from './steps';

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

/** The rotation of the mixed burst: new keys, removals of keys set before, reads and a full update. */
function mixedStep(context: CheckContext, index: number, data: Record<string, unknown>): BurstStep {
  const name = (what: string): string => `${context.marker}_${what}`;
  const n = String(index + 1);
  switch (index % 4) {
    case 0:
      return { label: `#${n} PUT data/…_mixed${n}`, write: setKey(name(`mixed${n}`), [index]) };
    case 1:
      return { label: `#${n} DELETE data/…_gone${n}`, write: { operation: 'deleteDataKey', key: name(`gone${n}`) } };
    case 2:
      return { label: `#${n} GET article`, read: true };
    default:
      return {
        label: `#${n} PUT article (data + …_full${n})`,
        write: { operation: 'updateArticle', payload: { article: { data: { ...data, [name(`full${n}`)]: index } } } },
      };
  }
}

const mixed: Check = {
  id: 'concurrent-mixed-writes',
  section: '4.2',
  title: 'key writes, removals, full updates and reads at once answer and leave what some order of them would',
  changesData: true,
  postsComment: false,
  async run(context) {
    if (off(context) !== undefined) return off(context);
    const count = context.concurrency;
    const removed = steps(count, (index) => mixedStep(context, index, {})).flatMap((step) =>
      'write' in step && step.write.operation === 'deleteDataKey'
        ? [step.write.key.slice(context.marker.length + 1)]
        : [],
    );
    await setKeysToRemove(context, removed);
    // A full update sends the article's own keys as they are (reserved keys are read-only: 2.1), not
    // the run's: a key the burst removes sent back by an update would leave nothing to judge.
    return noteOf(
      judgeDataBurst(context, `${String(count)} mixed requests at once`, (before) =>
        steps(count, (index) => mixedStep(context, index, ownKeysOf(before))),
      ),
    );
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
 * Key writes at once to the run's articles in turn: a store that keeps what a request is about in a
 * place every request shares (a handler's module variable, a connection's session) writes or answers
 * one article's change on another, which no burst on one article shows.
 */
const acrossArticles: Check = {
  id: 'concurrent-across-articles',
  section: '4.3',
  title: 'key writes sent at once to different articles each land on their own article, and each answer shows it',
  changesData: true,
  postsComment: false,
  spansArticles: true,
  async run(context) {
    const articles = [context.articleId, ...(context.otherArticles ?? [])];
    const markerOn = context.markerOn ?? ((): string => context.marker);
    if (off(context) !== undefined) return off(context);
    if (articles.length < 2) return 'needs two or more articles (--article-id): a write cannot land on another one';
    return noteOf(
      judgeDataBurst(
        context,
        `${String(context.concurrency)} key writes at once across articles ${articles.join(', ')}`,
        steps(context.concurrency, (index) => {
          const articleId = articles[index % articles.length] ?? context.articleId;
          const n = String(index + 1);
          return {
            label: `#${n} PUT article ${String(articleId)} data/…_across${n}`,
            write: setKey(`${markerOn(articleId)}_across${n}`, { written: index + 1, article: articleId }),
            articleId,
          };
        }),
      ),
    );
  },
};

/** Posts are permanent, so a burst posts at most this many, whatever `--concurrency` says. */
export const maxBurstPosts = 4;

const posts: Check = {
  id: 'concurrent-posts',
  section: '4.6',
  title: 'comments posted at once at the list addresses are each listed once everywhere and counted exactly',
  changesData: false,
  postsComment: true,
  async run(context) {
    return off(context) ?? judgePostBurstOn(context, Math.min(maxBurstPosts, context.concurrency));
  },
};

export const concurrencyChecks: Check[] = [distinctKeys, sameKey, removals, mixed, acrossArticles, posts];
