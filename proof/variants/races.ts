/**
 * Targets whose writes are a read-modify-write with a wait in between, as a JSON column behind a
 * REST endpoint often is: each copies what it reads, waits, and writes the copy back. One request
 * at a time they are correct, so every sequential check passes them; requests sent at once lose
 * one another's work, and only the concurrency checks (contract-tests/checks/concurrency.ts) see it.
 * And one conformant target that delays every write by a random few milliseconds and then applies
 * it in one step: it orders concurrent requests its own way, and the suite must pass it.
 */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { defaultRules, type Outcome, type RuleContext, type RuleSet } from '../../mock/rules';
import type { CommentRecord } from '../../mock/store/records';
import type { SiteStore } from '../../mock/store/site-store';
import { isDeepStrictEqual } from 'node:util';
import { isReservedKey } from 'site-articles-schemas/catalogue';
import { sentData, storedArticle, type Body, type Variant } from './variant';

/** Long enough that requests sent at once all read before any writes back. */
const readModifyWriteMs = 15;
/**
 * Posts share their burst with writes, reads and list reads whose connections open meanwhile, so
 * the posts of one burst may arrive further apart; posts are few, so a longer wait costs little.
 */
const postReadModifyWriteMs = 250;
const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Copies the article's data, waits, puts the stale copy back, then lets `rule` write on top of it. */
const onStaleData =
  <I extends { articleId: number }>(rule: (context: RuleContext, input: I) => Outcome) =>
  async (context: RuleContext, input: I): Promise<Outcome> => {
    const article = storedArticle(context, input.articleId);
    const copy = article ? new Map(article.data) : undefined;
    await wait(readModifyWriteMs);
    if (article && copy) {
      article.data.clear();
      for (const [key, value] of copy) article.data.set(key, value);
    }
    return rule(context, input);
  };

/** A full update that merges the supplied keys into the copy it read before waiting. */
const mergingStale = onStaleData((context: RuleContext, input: { articleId: number; payload: unknown }): Outcome => {
  const article = storedArticle(context, input.articleId);
  const kept = article ? Object.fromEntries(article.data) : {};
  const sent = (input.payload as { article?: { data?: Body } } | null)?.article?.data ?? {};
  return defaultRules.updateArticle(context, { ...input, payload: { article: { data: { ...kept, ...sent } } } });
});

/** The comment count kept apart from the list, as a counter column is: read, wait, write back + 1. */
const counters = new WeakMap<SiteStore, Map<number, number>>();
const counterOf = (store: SiteStore): Map<number, number> => {
  const known = counters.get(store) ?? new Map<number, number>();
  counters.set(store, known);
  return known;
};

const countedArticle =
  <I extends { articleId: number }>(rule: (context: RuleContext, input: I) => Outcome) =>
  (context: RuleContext, input: I): Outcome => {
    const outcome = rule(context, input);
    const kept = counterOf(context.store).get(input.articleId);
    const body = outcome.body as Body | undefined;
    return kept === undefined || !isSuccessStatus(outcome.status) || !body
      ? outcome
      : { ...outcome, body: { ...body, comments_count: kept } };
  };

const undercounting: Partial<RuleSet> = {
  readArticle: countedArticle((context, input) => defaultRules.readArticle(context, input)),
  updateArticle: countedArticle((context, input) => defaultRules.updateArticle(context, input)),
  setDataKey: countedArticle((context, input) => defaultRules.setDataKey(context, input)),
  postComment: async (context, input) => {
    const known = counterOf(context.store);
    const read = known.get(input.articleId) ?? context.store.commentsOf(input.articleId).length;
    await wait(postReadModifyWriteMs);
    const outcome = defaultRules.postComment(context, input);
    if (isSuccessStatus(outcome.status)) known.set(input.articleId, read + 1);
    return outcome;
  },
};

/** The comment list copied, the post added to the copy after a wait, and the copy written back. */
const losingPosts: Partial<RuleSet> = {
  postComment: async (context, input) => {
    const stale = [...context.store.commentsOf(input.articleId)];
    await wait(postReadModifyWriteMs);
    const outcome = defaultRules.postComment(context, input);
    const list = context.store.commentsOf(input.articleId) as CommentRecord[];
    const added = list.filter((comment) => !stale.includes(comment));
    const own = added.at(-1);
    if (isSuccessStatus(outcome.status) && own) list.splice(0, list.length, ...stale, own);
    return outcome;
  },
};

/** The key written, then the answer built from a fresh read after a wait, as an UPDATE then a SELECT do. */
const rereadingAnswer: Partial<RuleSet> = {
  setDataKey: async (context, input) => {
    const written = defaultRules.setDataKey(context, input);
    if (!isSuccessStatus(written.status)) return written;
    await wait(readModifyWriteMs);
    const reread = defaultRules.readArticle(context, { articleId: input.articleId });
    return { ...written, body: { ...(written.body as Body), data: (reread.body as Body).data } };
  },
};

/** The article a request is about, kept where every request sees it, as a handler's module variable is. */
const currentArticle = new WeakMap<SiteStore, { articleId: number }>();

/** The key write's article noted in the shared place, a wait, then the write made on whatever the place holds. */
const sharedRequestState: Partial<RuleSet> = {
  setDataKey: async (context, input) => {
    const shared = currentArticle.get(context.store) ?? { articleId: input.articleId };
    currentArticle.set(context.store, shared);
    shared.articleId = input.articleId;
    await wait(readModifyWriteMs);
    return defaultRules.setDataKey(context, { ...input, articleId: shared.articleId });
  },
};

/**
 * The comment count kept apart as a column of the article's row, and a full update that reads the
 * row, waits, and writes the whole row back: a post that lands meanwhile is counted, then uncounted.
 * Each post waits too, then adds one to the count in one step, so posts sent with an update land
 * inside it.
 */
const updateWritesBackCount: Partial<RuleSet> = {
  ...undercounting,
  postComment: async (context, input) => {
    await wait(postReadModifyWriteMs);
    const known = counterOf(context.store);
    const read = known.get(input.articleId) ?? context.store.commentsOf(input.articleId).length;
    const outcome = defaultRules.postComment(context, input);
    if (isSuccessStatus(outcome.status)) known.set(input.articleId, read + 1);
    return outcome;
  },
  updateArticle: async (context, input) => {
    const known = counterOf(context.store);
    const read = known.get(input.articleId) ?? context.store.commentsOf(input.articleId).length;
    await wait(postReadModifyWriteMs + 2 * readModifyWriteMs);
    const outcome = defaultRules.updateArticle(context, input);
    if (!isSuccessStatus(outcome.status)) return outcome;
    known.set(input.articleId, read);
    return { ...outcome, body: { ...(outcome.body as Body), comments_count: read } };
  },
};

/** Between the keys a full update lands one by one, long enough for a read to come in. */
const stepMs = 10;

/**
 * A full update that, after a wait, lands the keys it changes one by one with a pause between (as
 * one UPDATE per key outside a transaction does), then completes as the correct rule does: a read
 * that comes in between sees half of it.
 */
const updateKeyByKey: Partial<RuleSet> = {
  updateArticle: async (context, input) => {
    await wait(readModifyWriteMs);
    const article = storedArticle(context, input.articleId);
    const before = article ? new Map(article.data) : undefined;
    const sent = Object.entries(sentData(input.payload));
    const allowed = sent.every(
      ([key, value]) => !isReservedKey(key) || isDeepStrictEqual(article?.data.get(key), value),
    );
    for (const [key, value] of allowed && article ? sent : [])
      if (!isDeepStrictEqual(article?.data.get(key), value)) {
        article?.data.set(key, value);
        await wait(stepMs);
      }
    const outcome = defaultRules.updateArticle(context, input);
    if (!isSuccessStatus(outcome.status) && article && before) {
      article.data.clear();
      for (const [key, value] of before) article.data.set(key, value);
    }
    return outcome;
  },
};

export const racyVariants: Record<string, Variant> = {
  'racy-set-key-loses-keys': {
    section: '4.3',
    does: 'copies data, waits, writes the copy back with the key: keys written at once are lost',
    rules: { setDataKey: onStaleData((context, input) => defaultRules.setDataKey(context, input)) },
  },
  'racy-delete-loses-removals': {
    section: '4.4',
    does: 'copies data, waits, writes the copy back without the key: removals and writes at once are undone',
    rules: { deleteDataKey: onStaleData((context, input) => defaultRules.deleteDataKey(context, input)) },
  },
  'racy-update-writes-stale-copy': {
    section: '4.2',
    does: 'copies data, waits, writes the copy back merged with the update: writes and removals at once are undone',
    rules: { updateArticle: mergingStale },
  },
  'racy-post-undercounts': {
    section: '4.6',
    does: 'keeps comments_count apart and sets it to the count it read plus one: posts at once are undercounted',
    rules: undercounting,
  },
  'racy-post-loses-posts': {
    section: '4.6',
    does: 'copies the comment list, waits, writes the copy back with the post: posts at once are lost',
    rules: losingPosts,
  },
  'racy-shared-request-state': {
    section: '4.3',
    does: 'keeps the article a key write is about in one place all requests share: writes at once to two articles land on one',
    articleIds: [1, 2],
    rules: sharedRequestState,
  },
  'racy-update-uncounts-posts': {
    section: '4.6',
    does: 'keeps comments_count in the article row, and a full update writes back the row it read before a wait: a post meanwhile goes uncounted',
    rules: updateWritesBackCount,
  },
  'racy-update-lands-keys-one-by-one': {
    section: '4.2',
    does: 'lands the keys a full update changes one at a time, pausing between: a read during the update sees half of it',
    rules: updateKeyByKey,
  },
  'racy-key-answer-rereads': {
    section: '4.3',
    does: 'writes the key, then answers from a later read: a key written at once answers another request’s value',
    rules: rereadingAnswer,
  },
};

/** Every write (post included) waits a random time up to `ms`, then is applied in one step by the correct rule. */
const writesDelayedUpTo = (ms: number): Partial<RuleSet> => {
  const delayed =
    <I>(rule: (context: RuleContext, input: I) => Outcome) =>
    async (context: RuleContext, input: I): Promise<Outcome> => {
      await wait(Math.random() * ms);
      return rule(context, input);
    };
  return {
    updateArticle: delayed((context, input) => defaultRules.updateArticle(context, input)),
    setDataKey: delayed((context, input) => defaultRules.setDataKey(context, input)),
    deleteDataKey: delayed((context, input) => defaultRules.deleteDataKey(context, input)),
    postComment: delayed((context, input) => defaultRules.postComment(context, input)),
  };
};

export const orderingVariants: Record<string, Variant> = {
  'slow-writes-in-one-step': {
    section: '4.2',
    does: 'takes up to 25 ms over every write, post included, then applies it in one step: reads meanwhile see the state before it',
    // Long enough that reads sent while a write is under way land inside it.
    rules: writesDelayedUpTo(25),
  },
  'jittered-writes': {
    section: '4.3',
    does: 'delays every write by a random few milliseconds, then applies it in one step',
    rules: writesDelayedUpTo(6),
  },
};
