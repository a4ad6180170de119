/** Variants breaking the key removal of section 4.4, reserved keys included. */
import { defaultRules } from '../../mock/rules';
import { isReservedKey } from '../../mock/rules/reserved-keys';
import { after, storedArticle, type Variant } from './variant';

export const deleteKeyVariants: Record<string, Variant> = {
  'delete-keeps-key': {
    section: '4.4',
    does: 'answers 204 but keeps the key',
    rules: {
      deleteDataKey: (context, input) =>
        storedArticle(context, input.articleId)?.data.has(input.key)
          ? { status: 204 }
          : defaultRules.deleteDataKey(context, input),
    },
  },
  'delete-removes-keys-by-prefix': {
    section: '4.4',
    does: 'also removes every key whose name starts with the removed one',
    rules: {
      deleteDataKey: (context, input) => {
        const data = storedArticle(context, input.articleId)?.data;
        for (const key of [...(data?.keys() ?? [])])
          if (key.startsWith(input.key) && key !== input.key && !isReservedKey(key)) data?.delete(key);
        return defaultRules.deleteDataKey(context, input);
      },
    },
  },
  'delete-answers-200-with-body': {
    section: '4.4',
    does: 'answers a removal with 200 and the article',
    rules: after('deleteDataKey', (outcome, context, input) =>
      outcome.status === 204 ? { status: 200, body: defaultRules.readArticle(context, input).body } : outcome,
    ),
  },
  'delete-answers-200-empty': {
    section: '4.4',
    does: 'answers a removal with 200 and an empty body',
    rules: after('deleteDataKey', (outcome) => (outcome.status === 204 ? { status: 200 } : outcome)),
  },
  'delete-clears-other-keys': {
    section: '4.4',
    does: 'removes every non-reserved key along with the one asked for',
    rules: after('deleteDataKey', (outcome, context, input) => {
      const data = storedArticle(context, input.articleId)?.data;
      if (outcome.status === 204 && data) for (const key of [...data.keys()]) if (!isReservedKey(key)) data.delete(key);
      return outcome;
    }),
  },
  'reserved-deletable': {
    section: '4.4',
    does: 'lets DELETE data/<key> remove an svc_ key',
    rules: {
      deleteDataKey: (context, input) => {
        const data = storedArticle(context, input.articleId)?.data;
        if (!data || !isReservedKey(input.key) || !data.has(input.key))
          return defaultRules.deleteDataKey(context, input);
        data.delete(input.key);
        return { status: 204 };
      },
    },
  },
};
