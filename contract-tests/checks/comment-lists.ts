/** Reading whole comment lists (interface 4.5) for the comment checks. */
import { fail, expectShape, expectStatus, expectJson } from '../failure';
import type { Exchange } from '../http/client';
import { fetchAllPages } from '../http/links';
import type { CheckContext } from './check';
import { pathOf, readArticle, singularListPath, statusOf } from './steps';

export interface CommentList {
  address: string;
  items: unknown[];
  pages: Exchange[];
}

/** Every comment at one address: each page answers the stated status and is a list of 2.2 comments. */
export async function listAt(context: CheckContext, address: string, name: string): Promise<CommentList> {
  const { pages, truncatedAt } = await fetchAllPages(context.client, address);
  if (truncatedAt !== undefined)
    fail(`the list at ${name} ends within ${pages.length} pages`, `it goes on at ${truncatedAt}`);
  const items: unknown[] = [];
  for (const page of pages) {
    expectStatus(page, statusOf('listComments'), `GET ${name}`);
    const body = expectJson(page, `GET ${name}`);
    expectShape('CommentList', body, `the list at ${name}`, page);
    items.push(...(body as unknown[]));
  }
  return { address, items, pages };
}

/** The article's `comments_url` (2.1), the address the interface says to fetch the list from. */
export async function commentsUrl(context: CheckContext): Promise<{ address: string; read: Exchange }> {
  const { article, exchange } = await readArticle(context, 'reading the article', false);
  if (typeof article.comments_url !== 'string')
    fail('the article has a comments_url string', JSON.stringify(article.comments_url), exchange);
  return { address: article.comments_url, read: exchange };
}

/** The three addresses of 4.5: plural path, singular path and the article's `comments_url`. */
export async function listAddresses(context: CheckContext): Promise<[string, string][]> {
  const { address } = await commentsUrl(context);
  return listAddressesWith(context, address);
}

/** The three addresses of 4.5, the article's `comments_url` as already read. */
export const listAddressesWith = (context: CheckContext, commentsAt: string): [string, string][] => [
  ['the plural path', pathOf('listComments', context.articleId)],
  ['the singular path', singularListPath(context.articleId)],
  ['comments_url', commentsAt],
];
