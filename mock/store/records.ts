/**
 * The records the store holds, in the form a fixture file uses: the summaries of interface section
 * 2.1 without their addresses, articles pointing at them by id, and comments (section 2.2) with
 * the e-mail their poster gave. Addresses are built per request, from the base address it came in on.
 */
export interface PageRecord {
  id: number;
  title: string;
  content_type: string;
  created_at: string;
  updated_at: string;
  published_at: string;
}

export interface LanguageRecord {
  id: number;
  code: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface PersonRecord {
  id: number;
  name: string;
}

export interface ArticleRecord {
  id: number;
  page_id: number;
  language_id: number;
  author_id: number;
  title: string;
  path: string;
  publishing: boolean;
  published: boolean;
  data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  published_at: string;
  autosaved_title: string;
  excerpt: string;
  autosaved_excerpt: string;
  body: string;
  autosaved_body: string;
  tag_names: string[];
}

export interface CommentRecord {
  article_id: number;
  author: string;
  author_email: string;
  body: string;
  /** Section 2.2 form: `YYYY/MM/DD HH:MM:SS +0000`. */
  created_at: string;
}

/** A whole site: what a fixture file holds and what `GET /__mock/state` answers. */
export interface SiteFixture {
  pages: PageRecord[];
  languages: LanguageRecord[];
  people: PersonRecord[];
  articles: ArticleRecord[];
  comments: CommentRecord[];
}
