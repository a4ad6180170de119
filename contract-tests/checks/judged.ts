/**
 * A write with its whole judgement (interface sections 1, 2.1, 2.2, 4.2 to 4.6): read the
 * article, send the write, read the article again and, after a post, every comment list; then
 * conformance's `judgeExchange` judges the answer on its own and `judgeWrite` what the write did.
 * The random sequences (explore/) use the same function.
 */
import type { Client, Exchange } from '../http/client';
import { fetchAllPages } from '../http/links';
import {
  describeJudged,
  judgeExchange,
  judgeWrite,
  type Violation,
  type Write,
} from 'site-articles-schemas/conformance';
import { ContractFailure, fail, isObject, showAnswer } from '../failure';
import type { CheckContext } from './check';
import { listAddresses } from './comment-lists';
import { ownArticle, pathOf, readArticle, type ArticleRead } from './steps';

export interface JudgedWrite {
  violations: Violation[];
  /** Every request of the write and its reads, in the order sent. */
  exchanges: Exchange[];
  /** The write's own answer. */
  answer: Exchange;
  /** The article as read after the write. */
  after: Record<string, unknown>;
  /** That read whole, to serve as the "before" of a write sent right after (`judgedWrite`'s `before`). */
  afterRead: ArticleRead;
}

/** The request of a write, built from the operations catalogue (never `.`/`..` keys: pathOf refuses them). */
export function sendWrite(client: Client, articleId: number, write: Write): Promise<Exchange> {
  switch (write.operation) {
    case 'updateArticle':
      return client.send({ method: 'PUT', to: pathOf('updateArticle', articleId), json: write.payload });
    case 'setDataKey':
      return client.send({ method: 'PUT', to: pathOf('setDataKey', articleId, write.key), json: write.payload });
    case 'deleteDataKey':
      return client.send({ method: 'DELETE', to: pathOf('deleteDataKey', articleId, write.key) });
    case 'postComment':
      return client.send({ method: 'POST', to: pathOf('postComment', articleId), json: write.payload });
  }
}

/** Every comment at each of the three list addresses (4.5); pages that are not lists count as none. */
async function readLists(
  context: CheckContext,
): Promise<{ lists: { address: string; items: unknown[] }[]; pages: Exchange[] }> {
  const lists = [];
  const pages: Exchange[] = [];
  for (const [name, address] of await listAddresses(context)) {
    const read = await fetchAllPages(context.client, address);
    pages.push(...read.pages);
    const items = read.pages.flatMap((page) => (Array.isArray(page.json) ? (page.json as unknown[]) : []));
    lists.push({ address: name, items });
  }
  return { lists, pages };
}

/** A value as the server receives it: JSON has no -0 and no undefined (an absent payload is sent as null). */
function overTheWire(value: unknown): unknown {
  // Wrapped, so an undefined value drops its key instead of making stringify return undefined.
  const wrapped = JSON.parse(JSON.stringify({ value })) as { value?: unknown };
  return wrapped.value ?? null;
}

/** The write as it goes on the wire, so the judgement predicts from what the server was sent. */
const asSent = (write: Write): Write =>
  'payload' in write ? { ...write, payload: overTheWire(write.payload) } : write;

/**
 * `before`: the read a previous judged write made after itself, when nothing else was sent since;
 * that read is then this write's "before" too, and one request fewer goes out.
 */
export async function judgedWrite(context: CheckContext, given: Write, before?: ArticleRead): Promise<JudgedWrite> {
  const write = asSent(given);
  before ??= await readArticle(context, 'reading the article before the write', false);
  const answer = await sendWrite(context.client, context.articleId, write);
  const after = await readArticle(context, 'reading the article after the write', false);
  const exchanges = [before.exchange, answer, after.exchange];
  const lists = write.operation === 'postComment' ? await readLists(context) : undefined;
  if (lists) exchanges.push(...lists.pages);
  const answered = { status: answer.status, headers: answer.headers, body: answer.text };
  const violations = [
    ...judgeExchange(write.operation, answered),
    ...judgeWrite({
      before: before.article,
      write,
      answer: { ...answered, body: ownAnswerText(context, answer) },
      after: after.article,
      ...(lists ? { listsAfter: lists.lists } : {}),
      // The suite posts only comments stating all 4.6 asks, which must take effect whatever the (unstated) status.
      ...(write.operation === 'postComment' ? { tookEffect: true } : {}),
    }),
  ];
  return { violations, exchanges, answer, after: after.article, afterRead: after };
}

/** A write's answer as text, with an Article's data as `ownView` shows it (the answer itself is judged as sent). */
function ownAnswerText(context: CheckContext, answer: Exchange): string {
  if (!context.othersOwn || !isObject(answer.json)) return answer.text;
  const own = ownArticle(context, answer.json);
  return own === answer.json ? answer.text : JSON.stringify(own);
}

/** Fails, naming every rule broken, when the judgement found anything. */
export function expectJudged(judged: JudgedWrite, what: string): void {
  if (judged.violations.length === 0) return;
  fail(
    `${what}: the answer and the article after it hold everything the interface states`,
    `${describeJudged(judged.violations)}\n(the write answered ${showAnswer(judged.answer).slice(0, 200)})`,
    ...judged.exchanges,
  );
}

/**
 * The writes the checks send (4.2, 4.3, 4.4), each through the one write judgement: read before,
 * the write, read after; any rule it breaks fails the check at once, and the write's own answer
 * comes back for the check's more specific assertions. No write of a check goes unjudged, so a
 * fault a write leaves behind never becomes the next check's "before".
 */
async function judgedAnswer(context: CheckContext, write: Write, what: string): Promise<Exchange> {
  const judged = await judgedWrite(context, write);
  expectJudged(judged, what);
  return judged.answer;
}

export const setKey = (context: CheckContext, key: string, value: unknown): Promise<Exchange> =>
  judgedAnswer(context, { operation: 'setDataKey', key, payload: { value } }, `PUT data/${key}`);

/** How a failure names a write: its method and address below the article. */
const writeName = (write: Write): string =>
  write.operation === 'setDataKey'
    ? `PUT data/${write.key}`
    : write.operation === 'deleteDataKey'
      ? `DELETE data/${write.key}`
      : write.operation === 'updateArticle'
        ? 'PUT article'
        : 'POST comment';

/**
 * Writes judged one after another with nothing sent between, so each write's "after" read is the
 * next one's "before" (`first` may serve the first). `explain` adds to a failure which write it was.
 */
export async function judgedInTurn(
  context: CheckContext,
  writes: Write[],
  explain: (index: number, failure: ContractFailure) => ContractFailure,
  first?: ArticleRead,
): Promise<void> {
  let before = first;
  for (const [index, write] of writes.entries()) {
    const judged = await judgedWrite(context, write, before);
    try {
      expectJudged(judged, writeName(write));
    } catch (error) {
      throw error instanceof ContractFailure ? explain(index, error) : error;
    }
    before = judged.afterRead;
  }
}

export const deleteKey = (context: CheckContext, key: string): Promise<Exchange> =>
  judgedAnswer(context, { operation: 'deleteDataKey', key }, `DELETE data/${key}`);

/** 4.2 with `{ article: { ...others, data } }`; `data` absent when undefined. */
export const updateArticle = (
  context: CheckContext,
  data: Record<string, unknown> | undefined,
  others: Record<string, unknown> = {},
): Promise<Exchange> =>
  judgedAnswer(
    context,
    { operation: 'updateArticle', payload: { article: { ...others, ...(data === undefined ? {} : { data }) } } },
    'PUT article',
  );
