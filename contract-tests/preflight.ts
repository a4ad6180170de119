/**
 * Before the run changes anything: the target answers at all, and each article named is there
 * (4.1 answers 200 for an article the target has). What is wrong is said in one sentence, with
 * what to do; the command then stops with exit 2, having changed nothing.
 */
import { pathOf } from './checks/steps';
import { Client, describeNetworkError, type Exchange } from './http/client';
import { TargetProblem } from './http/target-problem';
import type { TargetSettings } from './runner';

/** Why the run cannot start, or undefined when every article named was read. */
export async function preflight(target: TargetSettings): Promise<string | undefined> {
  const client = new Client(target.baseUrl, target.token, target.http);
  for (const articleId of target.articleIds) {
    const to = pathOf('readArticle', articleId);
    let read: Exchange;
    try {
      read = await client.send({ method: 'GET', to });
    } catch (error) {
      return error instanceof TargetProblem ? error.message : unreachable(target.baseUrl, client.address(to), error);
    }
    if (read.status === 401 || read.status === 403) return refusedRead(read, target.token !== undefined);
    if (read.status !== 200)
      return `article ${String(articleId)} cannot be read: GET ${read.request.url} answered ${String(read.status)}, not 200; name articles the target has with --article-id`;
  }
  return undefined;
}

/** A read refused for want of a token, or for the token given: which to give or check. */
function refusedRead(read: Exchange, tokenGiven: boolean): string {
  const answered = `GET ${read.request.url} answered ${String(read.status)}`;
  return tokenGiven
    ? `${answered} to the token given: check --token or CONTRACT_API_TOKEN`
    : `${answered} and no token was given: give --token or CONTRACT_API_TOKEN`;
}

/** Nothing answered: the client's error keeps the network's own as its cause (ECONNREFUSED, ...). */
function unreachable(baseUrl: string, url: string, error: unknown): string {
  const { cause } = error as { cause?: unknown };
  return `cannot reach the target at ${baseUrl} (GET ${url}: ${describeNetworkError(cause ?? error)}); is it running, and is --base-url right?`;
}
