/**
 * Builds the answers of interface section 2 from stored records: the Article with its addresses
 * (2.1) and comments in the list shape (2.2). Every address starts with the base address the
 * request came in on, so the answers work behind any host or port.
 */
import type { Article, Comment } from '../../types';
import type { CommentRecord } from '../store/records';
import type { SiteStore, StoredArticle } from '../store/site-store';

function summaries(
  store: SiteStore,
  article: StoredArticle,
  base: string,
): Pick<Article, 'page' | 'language' | 'author'> {
  const page = store.pages.get(article.page_id);
  const language = store.languages.get(article.language_id);
  const person = store.people.get(article.author_id);
  if (!page || !language || !person)
    throw new Error(`article ${article.id} points at a missing page, language or person`);
  return {
    page: { ...page, url: `${base}/admin/api/pages/${page.id}` },
    language: { ...language, url: `${base}/admin/api/languages/${language.id}` },
    author: { ...person, url: `${base}/admin/api/people/${person.id}` },
  };
}

/** The full Article of section 4.1; the update answers (4.2, 4.3) send the same. */
export function presentArticle(store: SiteStore, article: StoredArticle, base: string): Article {
  const self = `${base}/admin/api/articles/${article.id}`;
  return {
    id: article.id,
    title: article.title,
    path: article.path,
    comments_count: store.commentsOf(article.id).length,
    publishing: article.publishing,
    published: article.published,
    data: Object.fromEntries(article.data),
    created_at: article.created_at,
    updated_at: article.updated_at,
    published_at: article.published_at,
    url: self,
    public_url: `${base}/${article.path}`,
    contents_url: `${self}/contents`,
    comments_url: `${self}/comments`,
    ...summaries(store, article, base),
    autosaved_title: article.autosaved_title,
    excerpt: article.excerpt,
    autosaved_excerpt: article.autosaved_excerpt,
    body: article.body,
    autosaved_body: article.autosaved_body,
    tag_names: [...article.tag_names],
  };
}

/** Section 2.2: no id and no e-mail in the list shape. */
export function presentComment(comment: CommentRecord): Comment {
  return { body: comment.body, author: comment.author, created_at: comment.created_at };
}
