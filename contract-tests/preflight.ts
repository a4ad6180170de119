/**
 * Before the run changes anything: the target answers at all, and each article named is there
 * (4.1 answers 200 for an article the target has). What is wrong is said in one sentence, with
 * what to do; the command then stops with exit 2, having changed nothing. Settings come first: a
 * base address that misses the API (every article 404) or names a web site (HTML at every address,
 * one the interface lacks included) would otherwise read as missing articles or hundreds of failures.
 */
import { pathOf } from './checks/steps';
import { Client, describeNetworkError, type Exchange } from './http/client';
import { TargetProblem } from './http/target-problem';
import type { TargetSettings } from './runner';

type Ask = (to: string) => Promise<Exchange>;

/** Why the run cannot start, or undefined when every article named was read. */
export async function preflight(target: TargetSettings): Promise<string | undefined> {
  const client = new Client(target.baseUrl, target.token, target.http);
  let asked = target.baseUrl;
  const ask: Ask = (to) => {
    asked = client.address(to);
    return client.send({ method: 'GET', to });
  };
  try {
    const reads = await readAtOnce(client, target.articleIds, (to) => {
      asked = client.address(to);
    });
    return (
      refusedRead(reads, target.token !== undefined) ??
      everyArticle404(reads) ??
      (await htmlEverywhere(reads, ask, target.articleIds[0] ?? 1)) ??
      missingArticle(reads, target.articleIds)
    );
  } catch (error) {
    return error instanceof TargetProblem ? error.message : unreachable(target.baseUrl, asked, error);
  }
}

/**
 * Each article named, read at once (they are independent); when one got no answer, `failed` is told
 * the first such address in the order named, and its error is thrown.
 */
async function readAtOnce(client: Client, articleIds: number[], failed: (to: string) => void): Promise<Exchange[]> {
  const paths = articleIds.map((articleId) => pathOf('readArticle', articleId));
  const settled = await Promise.allSettled(paths.map((to) => client.send({ method: 'GET', to })));
  return settled.map((one, index) => {
    if (one.status === 'fulfilled') return one.value;
    failed(paths[index] ?? '');
    throw one.reason;
  });
}

/** A read refused for want of a token, or for the token given: which to give or check. */
function refusedRead(reads: Exchange[], tokenGiven: boolean): string | undefined {
  const read = reads.find(({ status }) => status === 401 || status === 403);
  if (!read) return undefined;
  const answered = `GET ${read.request.url} answered ${String(read.status)}`;
  return tokenGiven
    ? `${answered} to the token given: check --token or CONTRACT_API_TOKEN`
    : `${answered} and no token was given: give --token or CONTRACT_API_TOKEN`;
}

const listed = (exchanges: Exchange[]): string => exchanges.map((exchange) => `GET ${exchange.request.url}`).join(', ');

/** Not one article named is there: a wrong base address as likely as wrong ids, so both are named. */
function everyArticle404(reads: Exchange[]): string | undefined {
  if (!reads.every(({ status }) => status === 404)) return undefined;
  const pages = reads.every(isHtml) ? ', each an HTML page' : '';
  return `every address answered 404 (${listed(reads)}${pages}): check --base-url, the address the interface's /admin/api/ paths follow, and that --article-id names articles the target has`;
}

const isHtml = (exchange: Exchange): boolean =>
  /\btext\/html\b/i.test(exchange.headers.get('content-type') ?? '') || exchange.text.trimStart().startsWith('<');

/**
 * An article read as HTML, and as well a comment list and an address the interface lacks: the base
 * address names a web site (a page served at every path). When only some are HTML the checks judge them.
 */
async function htmlEverywhere(reads: Exchange[], ask: Ask, articleId: number): Promise<string | undefined> {
  const page = reads.find(isHtml);
  if (!page) return undefined;
  const answers = [
    page,
    await ask(pathOf('listComments', articleId)),
    await ask('/admin/api/contract-no-such-address'),
  ];
  if (!answers.every(isHtml)) return undefined;
  return `every address answered HTML, not JSON (${listed(answers)}): --base-url names a web site, not the admin API; check --base-url`;
}

function missingArticle(reads: Exchange[], articleIds: number[]): string | undefined {
  const index = reads.findIndex(({ status }) => status !== 200);
  const read = reads[index];
  if (!read) return undefined;
  return `article ${String(articleIds[index])} cannot be read: GET ${read.request.url} answered ${String(read.status)}, not 200; name articles the target has with --article-id`;
}

/** Nothing answered: the client's error keeps the network's own as its cause (ECONNREFUSED, ...). */
function unreachable(baseUrl: string, url: string, error: unknown): string {
  const { cause } = error as { cause?: unknown };
  return `cannot reach the target at ${baseUrl} (GET ${url}: ${describeNetworkError(cause ?? error)}); is it running, and is --base-url right?`;
}
