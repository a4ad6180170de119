/**
 * Variants that differ from the mock only where the interface leaves the choice open (order,
 * paging, extra fields, optional fields, statuses and answers it does not state). The contract
 * suite must pass every one of them: they prove it never fails a target for such a choice.
 */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { defaultRules, type Outcome, type RuleContext, type Rules } from '../../mock/rules';
import { ApiError, validationError } from '../../mock/core/api-error';
import { nextTimestamp } from '../../mock/rules/clock';
import { isReservedKey } from '../../mock/rules/reserved-keys';
import {
  after,
  mapArticle,
  mapComments,
  mapSummary,
  sentArticle,
  sentData,
  storedArticle,
  type Body,
  type Variant,
} from './variant';

const answers = ['readArticle', 'updateArticle', 'setDataKey'] as const;
const optionalInUpdates = ['autosaved_title', 'excerpt', 'autosaved_excerpt', 'body', 'autosaved_body', 'tag_names'];
const relative = (url: unknown): string => new URL(String(url)).pathname;
const withoutUrl = ({ url: _url, ...summary }: Body): Body => summary;
const refuse = (): never => {
  throw new ApiError('validationFailed', { errors: { key: ['is reserved'] } });
};

/** The page is another resource (2.1 summary): a server may stamp it whenever one of its articles changes. */
function touchingPage(name: 'updateArticle' | 'setDataKey' | 'deleteDataKey'): Partial<Rules> {
  return after(name, (outcome, context, input) => {
    const page = context.store.pages.get(storedArticle(context, input.articleId)?.page_id ?? -1);
    if (!isSuccessStatus(outcome.status) || !page) return outcome;
    page.updated_at = nextTimestamp(context.clock, page.updated_at);
    // The answer shows the page as it is now, as a read would.
    return name === 'deleteDataKey' ? outcome : { ...outcome, body: defaultRules.readArticle(context, input).body };
  });
}

/** Names a stricter store might refuse: anything beyond letters, digits, `_` and `-` in ASCII. */
const plainKeyName = /^[A-Za-z0-9_-]+$/;

export const harmlessVariants: Record<string, Variant> = {
  'refuses-awkward-key-names': {
    section: '4.3',
    does: 'refuses, with 422, data key names outside ASCII letters, digits, _ and -',
    rules: {
      setDataKey: (context, input) =>
        plainKeyName.test(input.key)
          ? defaultRules.setDataKey(context, input)
          : (() => {
              throw validationError({ key: ['may hold only ASCII letters, digits, _ and -'] });
            })(),
    },
  },
  'comments-oldest-first': {
    section: '4.5',
    does: 'lists comments oldest first',
    rules: after('listComments', (outcome) =>
      Array.isArray(outcome.body) ? { ...outcome, body: [...(outcome.body as unknown[])].reverse() } : outcome,
    ),
  },
  'comments-paged-by-two': {
    section: '4.5',
    does: 'pages comment lists two at a time, with Link headers',
    rules: {
      listComments: (context, input) =>
        defaultRules.listComments(context, { ...input, query: { per_page: '2', ...input.query } }),
    },
  },
  'extra-fields': {
    section: '2.1',
    does: 'adds fields the interface does not list to articles, summaries and comments',
    rules: {
      ...mapArticle([...answers], (article) => ({
        ...mapSummary(
          mapSummary(article, 'language', (language) => ({ ...language, position: 1 })),
          'author',
          (author) => ({ ...author, email: 'x@example.com' }),
        ),
        description: 'extra',
        public_comments_count: article.comments_count,
        recaptcha: false,
      })),
      ...mapComments((comment) => ({ ...comment, id: 99, author_email: 'x@example.com' })),
    },
  },
  'read-without-optional-urls': {
    section: '4.1',
    does: 'leaves the optional language.url and author.url out of the full read',
    rules: mapArticle(['readArticle'], (article) =>
      mapSummary(mapSummary(article, 'language', withoutUrl), 'author', withoutUrl),
    ),
  },
  'answers-without-optional-fields': {
    section: '4.2',
    does: 'leaves the six fields update answers may omit out of both update answers',
    rules: mapArticle(['updateArticle', 'setDataKey'], (article) =>
      Object.fromEntries(Object.entries(article).filter(([field]) => !optionalInUpdates.includes(field))),
    ),
  },
  'relative-addresses': {
    section: '2.1',
    does: 'gives every address as a path without scheme and host',
    rules: mapArticle([...answers], (article) => ({
      ...['page', 'language', 'author'].reduce(
        (changed, field) => mapSummary(changed, field, (summary) => ({ ...summary, url: relative(summary.url) })),
        article,
      ),
      url: relative(article.url),
      contents_url: relative(article.contents_url),
      comments_url: relative(article.comments_url),
    })),
  },
  'reserved-refused-with-422': {
    section: '4.3',
    does: 'refuses every reserved-key write, a full update sending one included, with 422',
    rules: {
      setDataKey: (context, input) => (isReservedKey(input.key) ? refuse() : defaultRules.setDataKey(context, input)),
      deleteDataKey: (context, input) =>
        isReservedKey(input.key) ? refuse() : defaultRules.deleteDataKey(context, input),
      updateArticle: (context, input) =>
        Object.keys(sentData(input.payload)).some(isReservedKey)
          ? refuse()
          : defaultRules.updateArticle(context, input),
    },
  },
  'reserved-ignored-silently': {
    section: '4.4',
    does: 'answers reserved-key writes as if they worked (200, 204) and changes nothing',
    rules: {
      setDataKey: (context, input) =>
        isReservedKey(input.key) ? defaultRules.readArticle(context, input) : defaultRules.setDataKey(context, input),
      deleteDataKey: (context, input) =>
        isReservedKey(input.key) ? { status: 204 } : defaultRules.deleteDataKey(context, input),
    },
  },
  'update-merges-data': {
    section: '4.2',
    does: 'merges the data of a full update into the stored data instead of replacing it',
    rules: {
      updateArticle: (context: RuleContext, input): Outcome => {
        const before = new Map(storedArticle(context, input.articleId)?.data);
        const outcome = defaultRules.updateArticle(context, input);
        const data = storedArticle(context, input.articleId)?.data;
        if (!isSuccessStatus(outcome.status) || !data) return outcome;
        for (const [key, value] of before) if (!data.has(key)) data.set(key, value);
        return { ...outcome, body: defaultRules.readArticle(context, input).body };
      },
    },
  },
  'update-refuses-other-attributes': {
    section: '4.2',
    does: 'refuses with 422 an update whose payload carries attributes other than data',
    rules: {
      updateArticle: (context, input) => {
        const others = Object.keys(sentArticle(input.payload)).filter((field) => field !== 'data');
        if (others.length > 0)
          throw validationError(Object.fromEntries(others.map((field) => [`article.${field}`, ['cannot be updated']])));
        return defaultRules.updateArticle(context, input);
      },
    },
  },
  'page-touched-by-article-writes': {
    section: '4.2',
    does: "moves the page's updated_at on every write to one of its articles",
    rules: { ...touchingPage('updateArticle'), ...touchingPage('setDataKey'), ...touchingPage('deleteDataKey') },
  },
  'comments-paged-answering-203': {
    section: '4.5',
    does: 'pages comment lists two at a time and answers every page with 203',
    rules: {
      listComments: (context, input) => ({
        ...defaultRules.listComments(context, { ...input, query: { per_page: '2', ...input.query } }),
        status: 203,
      }),
    },
  },
  'post-answers-201-empty': {
    section: '4.6',
    does: 'answers a posted comment with 201 and no body',
    rules: after('postComment', (outcome) => (isSuccessStatus(outcome.status) ? { status: 201 } : outcome)),
  },
};
