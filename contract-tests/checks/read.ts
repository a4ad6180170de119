/**
 * Interface sections 2.1 and 4.1: the Article as a read answers it. Nothing here changes the
 * target.
 */
import { describeJudged, judgeAddresses } from 'site-articles-schemas/conformance';
import { judgeSuccessStatus } from 'site-articles-schemas/conformance';
import { expectJson, expectShape, expectStatus, fail, isObject } from '../failure';
import { fetchAllPages } from '../http/links';
import type { Check } from './check';
import { pathOf, readArticle, statusOf } from './steps';
import { noteBroken } from '../ledger';

const readShape: Check = {
  id: 'read-shape',
  section: '4.1',
  title: 'answers 200 with the article asked for, every field of 2.1 present in its stated type and form',
  changesData: false,
  postsComment: false,
  sharesArticle: true,
  async run({ client, articleId }) {
    const exchange = await client.send({ method: 'GET', to: pathOf('readArticle', articleId) });
    expectStatus(exchange, statusOf('readArticle'), `GET article ${articleId}`);
    const article = expectJson(exchange, `GET article ${articleId}`);
    expectShape('Article', article, 'the article', exchange);
    if (isObject(article) && article.id !== articleId)
      fail(`the answer is article ${articleId}`, `an article with id ${JSON.stringify(article.id)}`, exchange);
    return undefined;
  },
};

const readAddresses: Check = {
  id: 'read-addresses',
  section: '2.1',
  title:
    'gives url, contents_url, comments_url, page.url and, when present, language.url and author.url their stated forms for the right ids',
  changesData: false,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const { article, exchange } = await readArticle(context, 'reading the article', false);
    const problems = judgeAddresses('Article', article);
    noteBroken('Article', article, problems);
    if (problems.length > 0)
      fail('every address ends with its stated form for the right id', describeJudged(problems), exchange);
    return undefined;
  },
};

/**
 * `comments_count` is the number of comments. The interface shows no paging, so the list is the
 * first answer plus whatever `Link: rel="next"` pages a target offers.
 */
const commentsCount: Check = {
  id: 'comments-count',
  section: '2.1',
  title: 'counts in comments_count the comments its comment list holds',
  changesData: false,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const { article, exchange } = await readArticle(context, 'reading the article', false);
    const list = await fetchAllPages(context.client, pathOf('listComments', context.articleId));
    if (list.truncatedAt !== undefined)
      return `the list has more pages than the suite follows (${list.pages.length}); not counted`;
    const last = list.pages.at(-1);
    if (
      !last ||
      judgeSuccessStatus(statusOf('listComments'), last.status).length > 0 ||
      !list.pages.every((page) => Array.isArray(page.json))
    ) {
      fail(
        'the comment list answers a JSON array',
        last ? `${last.status} ${last.text.slice(0, 300)}` : 'no answer',
        ...list.pages,
      );
    }
    const listed = list.pages.reduce((total, page) => total + (page.json as unknown[]).length, 0);
    if (article.comments_count !== listed) {
      fail(
        `comments_count is ${listed}, the number of comments listed`,
        `comments_count is ${JSON.stringify(article.comments_count)}`,
        exchange,
        ...list.pages,
      );
    }
    return undefined;
  },
};

export const readChecks: Check[] = [readShape, readAddresses, commentsCount];
