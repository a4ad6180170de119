/** Variants breaking the update of section 4.2, reserved keys included. */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { defaultRules, type Outcome, type PayloadInput, type RuleContext } from '../../mock/rules';
import { validationError } from '../../mock/core/api-error';
import { isReservedKey } from '../../mock/rules/reserved-keys';
import { after, mapArticle, sentArticle, sentData, storedArticle, type Variant } from './variant';

/** Runs the correct update, then lets `change` alter the stored article; answers the result. */
function updateThen(
  change: (
    data: Map<string, unknown>,
    sent: Record<string, unknown>,
    context: RuleContext,
    input: PayloadInput,
  ) => void,
) {
  return (context: RuleContext, input: PayloadInput): Outcome => {
    const outcome = defaultRules.updateArticle(context, input);
    const article = storedArticle(context, input.articleId);
    if (!isSuccessStatus(outcome.status) || !article) return outcome;
    change(article.data, sentData(input.payload), context, input);
    return { ...outcome, body: defaultRules.readArticle(context, input).body };
  };
}

export const updateVariants: Record<string, Variant> = {
  'update-changes-title': {
    section: '4.2',
    does: 'applies a title sent in the update payload',
    rules: {
      updateArticle: updateThen((_data, _sent, context, input) => {
        const title = (input.payload as { article?: { title?: unknown } }).article?.title;
        const article = storedArticle(context, input.articleId);
        if (article && typeof title === 'string') article.title = title;
      }),
    },
  },
  'update-stringifies-numbers': {
    section: '4.2',
    does: 'stores the numbers of a full update as strings',
    rules: {
      updateArticle: updateThen((data, sent) => {
        for (const [key, value] of Object.entries(sent))
          if (typeof value === 'number' && data.has(key)) data.set(key, String(value));
      }),
    },
  },
  'update-ignores-data': {
    section: '4.2',
    does: 'answers an update with the unchanged article and stores nothing',
    rules: { updateArticle: (context, input) => defaultRules.readArticle(context, input) },
  },
  'update-answers-stale-article': {
    section: '4.2',
    does: 'stores the update but answers with the article as it was before',
    rules: {
      updateArticle: (context, input) => {
        const before = defaultRules.readArticle(context, input);
        return { ...defaultRules.updateArticle(context, input), body: before.body };
      },
    },
  },
  'update-requires-data': {
    section: '4.2',
    does: 'refuses with 422 an update whose payload has no data, which 4.2 makes optional',
    rules: {
      updateArticle: (context, input) => {
        if (!('data' in sentArticle(input.payload))) throw validationError({ 'article.data': ['is required'] });
        return defaultRules.updateArticle(context, input);
      },
    },
  },
  'update-answers-201': {
    section: '4.2',
    does: 'answers an update with 201 instead of 200',
    rules: after('updateArticle', (outcome) => ({ ...outcome, status: 201 })),
  },
  'update-answer-without-page': {
    section: '4.2',
    does: 'leaves the page summary out of the update answer',
    rules: mapArticle(['updateArticle'], ({ page: _page, ...article }) => article),
  },
  'reserved-creatable-by-update': {
    section: '4.2',
    does: 'stores new svc_ keys sent in a full update',
    rules: {
      updateArticle: updateThen((data, sent) => {
        for (const [key, value] of Object.entries(sent)) if (isReservedKey(key) && !data.has(key)) data.set(key, value);
      }),
    },
  },
  'reserved-changeable-by-update': {
    section: '4.2',
    does: 'changes existing svc_ keys sent in a full update',
    rules: {
      updateArticle: updateThen((data, sent) => {
        for (const [key, value] of Object.entries(sent)) if (isReservedKey(key) && data.has(key)) data.set(key, value);
      }),
    },
  },
  'reserved-dropped-by-update': {
    section: '4.2',
    does: 'drops svc_ keys that a full update does not send',
    rules: {
      updateArticle: updateThen((data, sent) => {
        for (const key of [...data.keys()]) if (isReservedKey(key) && !(key in sent)) data.delete(key);
      }),
    },
  },
};
