/** Reading whole comment lists (interface 4.5) for the comment checks. */
import { fail, expectShape, expectStatus, expectJson } from '../failure';
import type { Exchange } from '../http/client';
import { fetchAllPages } from '../http/links';
import type { CheckContext } from './check';
import { pathOf, readArticle, singularListPath, statusOf, type ArticleRead } from './steps';

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

/** Who reads after posts: what the caller guarantees, how it names the read after, how it reads the lists. */
export interface AfterPosts<L> {
  /**
   * Whether the caller holds the article's posts alone until both reads are answered: then no
   * other post lands meanwhile, and the read after and the lists may go at once.
   */
  postsHeldAlone: boolean;
  /** The article's comments_url as read before the posts (any change of it is judged on the read after: 2.1). */
  commentsAt: unknown;
  label: string;
  readLists: (addresses: [string, string][]) => Promise<L>;
}

/**
 * The article and the comment lists (4.5) read after posts: at once, the lists at the comments_url
 * read before, when the posts are held alone and that address is known; otherwise the article
 * first, then the lists at the addresses read after it.
 */
export async function readAfterPosts<L>(
  context: CheckContext,
  { postsHeldAlone, commentsAt, label, readLists }: AfterPosts<L>,
): Promise<{ after: ArticleRead; lists: L; addresses: [string, string][] }> {
  const readAfter = (): Promise<ArticleRead> => readArticle(context, label, false);
  if (postsHeldAlone && typeof commentsAt === 'string') {
    const addresses = listAddressesWith(context, commentsAt);
    const [after, lists] = await Promise.all([readAfter(), readLists(addresses)]);
    return { after, lists, addresses };
  }
  const after = await readAfter();
  const addresses = await listAddresses(context);
  return { after, lists: await readLists(addresses), addresses };
}
