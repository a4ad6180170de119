/**
 * Broken variants whose fault shows only after a particular sequence of writes, which no fixed
 * check makes, or in an answer no fixed check judges that way: the contract suite's random
 * sequences (`--explore`) must find them, and the fixed checks alone pass them
 * (proof/suite/explore.test.ts proves both).
 */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { defaultRules } from '../../mock/rules';
import type { SiteStore } from '../../mock/store/site-store';
import { countShifted } from './posts';
import { isReservedKey } from '../../mock/rules/reserved-keys';
import { after, sentData, storedArticle, type Variant } from './variant';

/** Per store: a value per `<article id> <key>`, kept apart from the store so the fixture stays as it is. */
function perKey<T>(): (store: SiteStore, articleId: number, key: string) => Map<string, T> & { at: string } {
  const all = new WeakMap<SiteStore, Map<string, T>>();
  return (store, articleId, key) => {
    const map = all.get(store) ?? new Map<string, T>();
    all.set(store, map);
    return Object.assign(map, { at: `${articleId} ${key}` });
  };
}

const removedValues = perKey<unknown>();
const writeCounts = perKey<number>();

export const sequenceVariants: Record<string, Variant> = {
  'set-after-removal-restores-old-value': {
    section: '4.3',
    does: 'a key set again after its removal gets the value it had before the removal, not the one sent',
    rules: {
      deleteDataKey: (context, input) => {
        const value = storedArticle(context, input.articleId)?.data.get(input.key);
        const outcome = defaultRules.deleteDataKey(context, input);
        const removed = removedValues(context.store, input.articleId, input.key);
        if (isSuccessStatus(outcome.status) && value !== undefined) removed.set(removed.at, value);
        return outcome;
      },
      setDataKey: (context, input) => {
        const removed = removedValues(context.store, input.articleId, input.key);
        if (!removed.has(removed.at)) return defaultRules.setDataKey(context, input);
        const old = removed.get(removed.at);
        removed.delete(removed.at);
        return defaultRules.setDataKey(context, { ...input, payload: { value: old } });
      },
    },
  },
  'set-key-ignores-third-write': {
    section: '4.3',
    does: 'answers the third and later writes of the same key as done but keeps the value of the second',
    rules: {
      setDataKey: (context, input) => {
        const counts = writeCounts(context.store, input.articleId, input.key);
        const count = (counts.get(counts.at) ?? 0) + 1;
        const outcome = count > 2 ? defaultRules.readArticle(context, input) : defaultRules.setDataKey(context, input);
        if (isSuccessStatus(outcome.status)) counts.set(counts.at, count);
        return outcome;
      },
    },
  },
  'reserved-update-answered-202': {
    section: '4.2',
    does: 'accepts a full update whose data holds a reserved key, keeping that key as it was, but answers it 202, not 200',
    rules: after('updateArticle', (outcome, _context, input) =>
      isSuccessStatus(outcome.status) && Object.keys(sentData(input.payload)).some(isReservedKey)
        ? { ...outcome, status: 202 }
        : outcome,
    ),
  },
  'count-stops-after-three-posts': {
    section: '4.6',
    does: 'stops counting posted comments in comments_count after the third post on an article',
    rules: countShifted((posts) => -Math.max(0, posts - 3)),
  },
};
