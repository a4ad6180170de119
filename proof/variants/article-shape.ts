/** Variants breaking the Article's stated fields (section 2.1) and the full read (section 4.1). */
import { defaultRules } from '../../mock/rules';
import { after, mapArticle, mapSummary, withoutMillis, type Variant } from './variant';

export const articleShapeVariants: Record<string, Variant> = {
  'timestamp-without-millis': {
    section: '2.1',
    does: 'reads created_at without milliseconds (2024-01-23T09:22:04Z)',
    rules: mapArticle(['readArticle'], (article) => ({ ...article, created_at: withoutMillis(article.created_at) })),
  },
  'timestamp-with-offset': {
    section: '2.1',
    does: 'reads updated_at with +00:00 instead of Z',
    rules: mapArticle(['readArticle'], (article) => ({
      ...article,
      updated_at: String(article.updated_at).replace(/Z$/, '+00:00'),
    })),
  },
  'page-timestamp-without-millis': {
    section: '2.1',
    does: 'reads page.published_at without milliseconds',
    rules: mapArticle(['readArticle'], (article) =>
      mapSummary(article, 'page', (page) => ({ ...page, published_at: withoutMillis(page.published_at) })),
    ),
  },
  'id-as-string': {
    section: '2.1',
    does: 'reads the article id as a string',
    rules: mapArticle(['readArticle'], (article) => ({ ...article, id: String(article.id) })),
  },
  'data-not-object': {
    section: '2.1',
    does: 'reads data as a JSON-encoded string',
    rules: mapArticle(['readArticle'], (article) => ({ ...article, data: JSON.stringify(article.data) })),
  },
  'tag-names-as-text': {
    section: '2.1',
    does: 'reads tag_names as one comma-separated string',
    rules: mapArticle(['readArticle'], (article) => ({
      ...article,
      tag_names: (article.tag_names as string[]).join(', '),
    })),
  },
  'published-as-number': {
    section: '2.1',
    does: 'reads published as 1 or 0',
    rules: mapArticle(['readArticle'], (article) => ({ ...article, published: article.published === true ? 1 : 0 })),
  },
  'comments-count-off-by-one': {
    section: '2.1',
    does: 'counts one comment more than the article has',
    rules: mapArticle(['readArticle'], (article) => ({
      ...article,
      comments_count: Number(article.comments_count) + 1,
    })),
  },
  'language-code-missing': {
    section: '2.1',
    does: 'reads the language summary without its code',
    rules: mapArticle(['readArticle'], (article) =>
      mapSummary(article, 'language', ({ code: _code, ...language }) => language),
    ),
  },
  'read-without-autosaved-body': {
    section: '4.1',
    does: 'leaves autosaved_body out of the full read',
    rules: mapArticle(['readArticle'], ({ autosaved_body: _autosaved, ...article }) => article),
  },
  'read-answers-201': {
    section: '4.1',
    does: 'answers a read with 201 instead of 200',
    rules: after('readArticle', (outcome) => ({ ...outcome, status: 201 })),
  },
  'read-answers-next-article': {
    section: '4.1',
    does: 'answers a read of article n with article n + 1',
    rules: { readArticle: (context, input) => defaultRules.readArticle(context, { articleId: input.articleId + 1 }) },
  },
};
