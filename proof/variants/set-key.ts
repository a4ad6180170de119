/** Variants breaking the key write of section 4.3, reserved keys included. */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { defaultRules, type KeyInput, type Outcome, type PayloadInput, type RuleContext } from '../../mock/rules';
import { isReservedKey } from '../../mock/rules/reserved-keys';
import { after, mapArticle, mapSummary, sentValue, storedArticle, type Variant } from './variant';

type KeyWrite = (context: RuleContext, input: KeyInput & PayloadInput) => Outcome;

/** Stores the value `store` returns instead of the one sent (undefined removes the key). */
function storeInstead(store: (value: unknown) => unknown): KeyWrite {
  return (context, input) => {
    const outcome = defaultRules.setDataKey(context, input);
    const article = storedArticle(context, input.articleId);
    if (!isSuccessStatus(outcome.status) || !article) return outcome;
    const value = store(sentValue(input.payload));
    if (value === undefined) article.data.delete(input.key);
    else article.data.set(input.key, value);
    return { ...outcome, body: defaultRules.readArticle(context, input).body };
  };
}

/** Lets a reserved key through when `allowed` says so, as if it were an ordinary key. */
function reservedWritable(allowed: (present: boolean) => boolean): KeyWrite {
  return (context, input) => {
    const article = storedArticle(context, input.articleId);
    if (!article || !isReservedKey(input.key) || !allowed(article.data.has(input.key)))
      return defaultRules.setDataKey(context, input);
    article.data.set(input.key, sentValue(input.payload));
    return defaultRules.readArticle(context, input);
  };
}

const isPlainObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

export const setKeyVariants: Record<string, Variant> = {
  'set-key-drops-other-keys': {
    section: '4.3',
    does: 'replaces the whole data with the one key written',
    rules: {
      setDataKey: (context, input) => {
        const article = storedArticle(context, input.articleId);
        if (article)
          for (const key of [...article.data.keys()])
            if (!isReservedKey(key) && key !== input.key) article.data.delete(key);
        return defaultRules.setDataKey(context, input);
      },
    },
  },
  'set-key-stringifies-numbers': {
    section: '4.3',
    does: 'stores numbers as strings',
    rules: { setDataKey: storeInstead((value) => (typeof value === 'number' ? String(value) : value)) },
  },
  'set-key-booleans-as-text': {
    section: '4.3',
    does: 'stores true and false as "true" and "false"',
    rules: { setDataKey: storeInstead((value) => (typeof value === 'boolean' ? String(value) : value)) },
  },
  'set-key-null-removes': {
    section: '4.3',
    does: 'removes the key when the value is null',
    rules: { setDataKey: storeInstead((value) => (value === null ? undefined : value)) },
  },
  'set-key-objects-as-text': {
    section: '4.3',
    does: 'stores object values as JSON text',
    rules: { setDataKey: storeInstead((value) => (isPlainObject(value) ? JSON.stringify(value) : value)) },
  },
  'set-key-mangles-key-names': {
    section: '4.3',
    does: 'stores a non-ASCII key under its UTF-8 bytes read as Latin-1 (ü becomes Ã¼)',
    rules: {
      setDataKey: (context, input) =>
        defaultRules.setDataKey(context, { ...input, key: Buffer.from(input.key, 'utf8').toString('latin1') }),
    },
  },
  'set-key-writes-every-article': {
    section: '4.3',
    does: 'sets the key on every article, not only on the one in the path',
    articleIds: [1, 2],
    rules: {
      setDataKey: (context, input) => {
        for (const id of context.store.articleIds())
          if (!isReservedKey(input.key)) context.store.article(id)?.data.set(input.key, sentValue(input.payload));
        return defaultRules.setDataKey(context, input);
      },
    },
  },
  'set-key-lowercases-key-names': {
    section: '4.3',
    does: 'stores the key under its name in lower case',
    rules: {
      setDataKey: (context, input) => defaultRules.setDataKey(context, { ...input, key: input.key.toLowerCase() }),
    },
  },
  'set-key-trims-strings': {
    section: '4.3',
    does: 'trims spaces and line breaks from the ends of string values',
    rules: { setDataKey: storeInstead((value) => (typeof value === 'string' ? value.trim() : value)) },
  },
  'set-key-flattens-line-breaks': {
    section: '4.3',
    does: 'turns tabs and line breaks inside string values into spaces',
    rules: {
      setDataKey: storeInstead((value) => (typeof value === 'string' ? value.replace(/[\t\r\n]/g, ' ') : value)),
    },
  },
  'set-key-drops-astral-characters': {
    section: '4.3',
    does: 'replaces characters outside the Basic Multilingual Plane (emoji) with ?, as a 3-byte "utf8" database does',
    rules: {
      setDataKey: storeInstead((value) =>
        typeof value === 'string' ? value.replace(/[\u{10000}-\u{10FFFF}]/gu, '?') : value,
      ),
    },
  },
  'set-key-answer-counts-no-comments': {
    section: '4.3',
    does: 'answers a key write with comments_count 0, whatever the article has',
    rules: mapArticle(['setDataKey'], (article) => ({ ...article, comments_count: 0 })),
  },
  'set-key-keeps-old-value': {
    section: '4.3',
    does: 'adds absent keys but leaves a present key unchanged',
    rules: {
      setDataKey: (context, input) =>
        storedArticle(context, input.articleId)?.data.has(input.key)
          ? defaultRules.readArticle(context, input)
          : defaultRules.setDataKey(context, input),
    },
  },
  'set-key-answer-without-language-url': {
    section: '4.3',
    does: 'leaves language.url out of the key-write answer',
    rules: mapArticle(['setDataKey'], (article) =>
      mapSummary(article, 'language', ({ url: _url, ...language }) => language),
    ),
  },
  'set-key-answer-without-author-url': {
    section: '4.3',
    does: 'leaves author.url out of the key-write answer',
    rules: mapArticle(['setDataKey'], (article) => mapSummary(article, 'author', ({ url: _url, ...author }) => author)),
  },
  'set-key-answers-201': {
    section: '4.3',
    does: 'answers a key write with 201 instead of 200',
    rules: after('setDataKey', (outcome) => ({ ...outcome, status: 201 })),
  },
  'reserved-creatable-by-key-write': {
    section: '4.3',
    does: 'lets PUT data/<key> create a new svc_ key',
    rules: { setDataKey: reservedWritable((present) => !present) },
  },
  'reserved-changeable-by-key-write': {
    section: '4.3',
    does: 'lets PUT data/<key> change an existing svc_ key',
    rules: { setDataKey: reservedWritable((present) => present) },
  },
};
