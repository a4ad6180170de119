/**
 * A write with its whole judgement (interface sections 1, 2.1, 2.2, 4.2 to 4.6): read the
 * article, send the write, read the article again and, after a post, every comment list; then
 * conformance's `judgeExchange` judges the answer on its own and `judgeWrite` what the write did.
 * The random sequences (explore/) use the same function.
 */
import { allInOrder } from '../concurrent/in-order';
import type { Client, Exchange } from '../http/client';
import { fetchAllPages } from '../http/links';
import {
  describeJudged,
  statementsOfAnswer,
  statementsOfWrite,
  judgeExchange,
  judgeWrite,
  type CommentsBetween,
  type Violation,
  type Write,
  type WriteRecord,
} from 'site-articles-schemas/conformance';
import { noteJudged, noteRequest } from '../ledger';
import { fail, isObject, showAnswer } from '../failure';
import type { CheckContext } from './check';
import { listAddresses } from './comment-lists';
import { ownArticle, ownWrite, pathOf, readArticle, type ArticleRead } from './steps';

export interface JudgedWrite {
  violations: Violation[];
  /** Every request of the write and its reads, in the order sent. */
  exchanges: Exchange[];
  /** The write's own answer. */
  answer: Exchange;
  /** The article as read after the write. */
  after: Record<string, unknown>;
}

/** A value as the server receives it: JSON has no -0 and no undefined (an absent payload is sent as null). */
export function overTheWire(value: unknown): unknown {
  // Wrapped, so an undefined value drops its key instead of making stringify return undefined.
  const wrapped = JSON.parse(JSON.stringify({ value })) as { value?: unknown };
  return wrapped.value ?? null;
}

/** The write as it goes on the wire, so the judgement predicts from what the server was sent. */
const asSent = (write: Write): Write =>
  'payload' in write ? { ...write, payload: overTheWire(write.payload) } : write;

/**
 * The request of a write, built from the operations catalogue (never `.`/`..` keys: pathOf refuses
 * them), its payload as the judgement predicts from it (`asSent`).
 */
export function sendWrite(client: Client, articleId: number, given: Write): Promise<Exchange> {
  const write = asSent(given);
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

/**
 * Every comment at each of the three list addresses (4.5; `addresses` when already known), read at
 * once; pages that are not lists count as none.
 */
export async function readLists(context: CheckContext, addresses?: [string, string][]): Promise<CommentLists> {
  const read = await allInOrder(
    (addresses ?? (await listAddresses(context))).map(async ([name, address]) => ({
      name,
      pages: (await fetchAllPages(context.client, address)).pages,
    })),
  );
  return {
    lists: read.map(({ name, pages }) => ({
      address: name,
      items: pages.flatMap((page) => (Array.isArray(page.json) ? (page.json as unknown[]) : [])),
    })),
    pages: read.flatMap(({ pages }) => pages),
  };
}

export interface CommentLists {
  lists: { address: string; items: unknown[] }[];
  pages: Exchange[];
}

/** What was read around a write, and its answer: what the one write judgement judges. */
export interface AroundWrite {
  before: ArticleRead;
  answer: Exchange;
  after: ArticleRead;
  /** Every comment list as read after a post. */
  lists?: CommentLists;
  /** Comments others may have posted between the answer and the read after (writes side by side with posts). */
  commentsBetween?: CommentsBetween;
}

/** Reads the article, sends the write, reads the article (and after a post every list) again, and judges it all. */
export async function judgedWrite(context: CheckContext, write: Write): Promise<JudgedWrite> {
  const before = await readArticle(context, 'reading the article before the write', false);
  const answer = await sendWrite(context.client, context.articleId, write);
  const after = await readArticle(context, 'reading the article after the write', false);
  const lists = write.operation === 'postComment' ? await readLists(context) : undefined;
  return judgementOf(context, write, { before, answer, after, ...(lists ? { lists } : {}) });
}

/**
 * The one write judgement: the answer on its own, and what the write did between the reads around
 * it, each read's data as `ownView` shows it to this write (`context.othersOwn`).
 */
export function judgementOf(context: CheckContext, given: Write, around: AroundWrite): JudgedWrite {
  const { before, answer, after, lists, commentsBetween } = around;
  const write = asSent(given);
  const answered = { status: answer.status, headers: answer.headers, body: answer.text };
  const afterArticle = ownArticle(context, after.article);
  const record: WriteRecord = {
    before: ownArticle(context, before.article),
    write: ownWrite(context, write),
    answer: { ...answered, body: ownAnswerText(context, answer) },
    after: afterArticle,
    ...(lists ? { listsAfter: lists.lists } : {}),
    // The suite posts only comments stating all 4.6 asks, which must take effect whatever the (unstated) status.
    ...(write.operation === 'postComment' ? { tookEffect: true } : {}),
    ...(commentsBetween ? { commentsBetween } : {}),
  };
  const ofAnswer = judgeExchange(write.operation, answered);
  const ofWrite = judgeWrite(record);
  noteRequest(answer, false);
  noteJudged([...statementsOfAnswer(write.operation, answered, ofAnswer), ...statementsOfWrite(record, ofWrite)]);
  const violations = [...ofAnswer, ...ofWrite];
  const exchanges = [before.exchange, answer, after.exchange, ...(lists?.pages ?? [])];
  return { violations, exchanges, answer, after: afterArticle };
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
    [
      describeJudged(judged.violations),
      ...equalKeys(judged),
      `(the write answered ${showAnswer(judged.answer).slice(0, 200)})`,
    ].join('\n'),
    ...judged.exchanges,
  );
}

/** How many data keys of the read after the write no finding names: counted, not printed. */
function equalKeys({ violations, after }: JudgedWrite): string[] {
  if (!isObject(after.data)) return [];
  const named = new Set(violations.map((found) => found.path.split('/')[2]));
  const equal = Object.keys(after.data).filter((key) => !named.has(key.replace(/~/g, '~0').replace(/\//g, '~1')));
  return equal.length > 0 ? [`(${String(equal.length)} other data keys as stated)`] : [];
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
export const writeName = (write: Write): string =>
  write.operation === 'setDataKey'
    ? `PUT data/${write.key}`
    : write.operation === 'deleteDataKey'
      ? `DELETE data/${write.key}`
      : write.operation === 'updateArticle'
        ? 'PUT article'
        : 'POST comment';

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
