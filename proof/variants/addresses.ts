/** Variants breaking the address forms of section 2.1: the right form for the wrong id, or a wrong form. */
import { mapArticle, mapSummary, type Body, type Variant } from './variant';

const reads = ['readArticle', 'updateArticle', 'setDataKey'] as const;
const swapId = (url: unknown, from: unknown, to: number): string =>
  String(url).replace(new RegExp(`/${String(from)}(?=/|$)`), `/${to}`);
const nextId = (value: unknown): number => Number(value) + 1;

export const addressVariants: Record<string, Variant> = {
  'url-wrong-id': {
    section: '2.1',
    does: 'gives url the address of the next article',
    rules: mapArticle([...reads], (article) => ({
      ...article,
      url: swapId(article.url, article.id, nextId(article.id)),
    })),
  },
  'contents-url-wrong-form': {
    section: '2.1',
    does: 'ends contents_url with /content instead of /contents',
    rules: mapArticle([...reads], (article) => ({
      ...article,
      contents_url: String(article.contents_url).replace(/contents$/, 'content'),
    })),
  },
  'comments-url-json-suffix': {
    section: '2.1',
    does: 'ends comments_url with /comments.json',
    rules: mapArticle([...reads], (article) => ({ ...article, comments_url: `${String(article.comments_url)}.json` })),
  },
  'comments-url-other-article': {
    section: '2.1',
    does: 'gives comments_url the comments address of the next article',
    rules: mapArticle([...reads], (article) => ({
      ...article,
      comments_url: String(article.comments_url).replace(
        `/${String(article.id)}/comments`,
        `/${nextId(article.id)}/comments`,
      ),
    })),
  },
  'page-url-wrong-id': {
    section: '2.1',
    does: 'gives page.url the id of the next page',
    rules: mapArticle([...reads], (article) =>
      mapSummary(article, 'page', (page: Body) => ({ ...page, url: swapId(page.url, page.id, nextId(page.id)) })),
    ),
  },
  'language-url-singular': {
    section: '2.1',
    does: 'writes language.url with /language/ instead of /languages/',
    rules: mapArticle([...reads], (article) =>
      mapSummary(article, 'language', (language) => ({
        ...language,
        url: String(language.url).replace('/languages/', '/language/'),
      })),
    ),
  },
  'author-url-wrong-id': {
    section: '2.1',
    does: 'gives author.url the id of another person',
    rules: mapArticle([...reads], (article) =>
      mapSummary(article, 'author', (author) => ({
        ...author,
        url: swapId(author.url, author.id, nextId(author.id) + 10),
      })),
    ),
  },
};
