/**
 * Targets whose storage gives back another value or name than the one written, while answering 200
 * with it (4.2, 4.3: `data` holds "any JSON values"; a key write adds or updates that key). Each
 * imitates a real layer named in its sentence; the value and name checks (contract-tests/checks/
 * values.ts, catalogue in contract-tests/values/catalogue.ts) must fail every one.
 */
import { defaultRules, type RuleSet } from '../../mock/rules';
import { storedArticle, type Variant } from './variant';

type Change = (value: unknown) => unknown;

/** Applies `change` to every value inside `value`, leaves first. */
function deep(change: Change): Change {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return change(value.map(walk));
    if (typeof value === 'object' && value !== null)
      return change(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)])));
    return change(value);
  };
  return walk;
}

const strings = (change: (text: string) => unknown): Change =>
  deep((value) => (typeof value === 'string' ? change(value) : value));

/** Key writes and full updates store `change(value)` in place of each value sent. */
function storingValues(change: Change): Partial<RuleSet> {
  const changeData = (payload: unknown): unknown => {
    const article = (payload as { article?: { data?: Record<string, unknown> } } | null)?.article;
    if (!article?.data) return payload;
    const data = Object.fromEntries(Object.entries(article.data).map(([key, value]) => [key, change(value)]));
    return { article: { ...article, data } };
  };
  return {
    setDataKey: (context, input) =>
      defaultRules.setDataKey(context, {
        ...input,
        payload: { value: change((input.payload as { value?: unknown }).value) },
      }),
    updateArticle: (context, input) =>
      defaultRules.updateArticle(context, { ...input, payload: changeData(input.payload) }),
  };
}

/** Key writes and removals use `rename(key, existing keys)` in place of the key sent. */
function storingNames(rename: (key: string, existing: string[]) => string): Partial<RuleSet> {
  const existing = (context: Parameters<RuleSet['setDataKey']>[0], articleId: number): string[] => [
    ...(storedArticle(context, articleId)?.data.keys() ?? []),
  ];
  return {
    setDataKey: (context, input) =>
      defaultRules.setDataKey(context, { ...input, key: rename(input.key, existing(context, input.articleId)) }),
    deleteDataKey: (context, input) =>
      defaultRules.deleteDataKey(context, { ...input, key: rename(input.key, existing(context, input.articleId)) }),
  };
}

const value = (section: '4.3', does: string, change: Change): Variant => ({
  section,
  does,
  rules: storingValues(change),
});
const name = (does: string, rename: (key: string, existing: string[]) => string): Variant => ({
  section: '4.3',
  does,
  rules: storingNames(rename),
});

export const manglingVariants: Record<string, Variant> = {
  'store-float32-numbers': value(
    '4.3',
    'stores numbers as 32-bit floats, as a REAL column does',
    deep((item) => (typeof item === 'number' ? Math.fround(item) : item)),
  ),
  'store-empty-string-as-null': value(
    '4.3',
    'stores an empty string as null, as Oracle does',
    strings((text) => (text === '' ? null : text)),
  ),
  'store-cuts-at-nul': value(
    '4.3',
    'cuts strings at a NUL character, as C-string layers do',
    strings((text) => text.split('\u0000')[0]),
  ),
  'store-normalizes-nfc': value(
    '4.3',
    'normalises strings to NFC, as some stores and file systems do',
    strings((text) => text.normalize('NFC')),
  ),
  'store-truncates-long-strings': value(
    '4.3',
    'cuts strings at 65,535 characters, as a MySQL TEXT column does',
    strings((text) => text.slice(0, 65_535)),
  ),
  'store-parses-dates': value(
    '4.3',
    'parses strings that look like dates and writes them back with milliseconds, as ORMs do',
    strings((text) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(text) ? new Date(text).toISOString() : text)),
  ),
  'store-empty-array-as-null': value(
    '4.3',
    'gives back an empty array as null, as some array columns do',
    deep((item) => (Array.isArray(item) && item.length === 0 ? null : item)),
  ),
  'store-coerces-numeric-strings': value(
    '4.3',
    'turns strings of digits into numbers, as type-guessing stores do',
    strings((text) => (/^\d+$/.test(text) ? Number(text) : text)),
  ),
  'keys-case-insensitive': name(
    'writes a key to an existing one that differs only in case, as a case-insensitive collation does',
    (key, existing) => existing.find((known) => known.toLowerCase() === key.toLowerCase()) ?? key,
  ),
  'keys-plus-as-space': name('reads + in a key name as a space, as form decoding does', (key) =>
    key.replaceAll('+', ' '),
  ),
  'keys-latin1-column': name(
    'replaces characters outside Latin-1 in key names with ?, as a latin1 key column does',
    (key) => key.replace(/[\u0100-\u{10FFFF}]/gu, '?'),
  ),
  'keys-truncated-255': name('cuts key names at 255 characters, as a VARCHAR(255) key column does', (key) =>
    key.slice(0, 255),
  ),
  'keys-trimmed': name('trims key names, as routers and ORMs do', (key) => key.trim()),
};
