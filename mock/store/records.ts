/**
 * The records the store holds, in the form a fixture file uses: the summaries of interface section
 * 2.1 without their addresses, articles pointing at them by id, and comments (section 2.2) with
 * the e-mail their poster gave. Addresses are built per request, from the base address it came in
 * on. The field types come from the generated types, so a change to the tables reaches the store.
 */
import type {
  Article,
  AuthorSummary,
  Comment,
  CommentPost,
  LanguageSummary,
  PageSummary,
} from 'site-articles-schemas/types';

/** Every field of an address-free record is required, even where the answer's is optional. */
type Stored<T> = Required<Omit<T, 'url'>>;

export type PageRecord = Stored<PageSummary>;
export type LanguageRecord = Stored<LanguageSummary>;
export type PersonRecord = Stored<AuthorSummary>;

/** Section 2.1 less what is built per answer (addresses, summaries, `comments_count`). */
export type ArticleRecord = Omit<
  Article,
  'url' | 'public_url' | 'contents_url' | 'comments_url' | 'page' | 'language' | 'author' | 'comments_count'
> & {
  page_id: number;
  language_id: number;
  author_id: number;
};

/** A comment as listed (2.2, `created_at` in `YYYY/MM/DD HH:MM:SS +0000` form), plus who posted it. */
export type CommentRecord = Comment & Pick<CommentPost, 'author_email'> & { article_id: number };

/** A whole site: what a fixture file holds and what `GET /__mock/state` answers. */
export interface SiteFixture {
  pages: PageRecord[];
  languages: LanguageRecord[];
  people: PersonRecord[];
  articles: ArticleRecord[];
  comments: CommentRecord[];
}
