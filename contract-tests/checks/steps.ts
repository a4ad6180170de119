/**
 * The requests checks are built from, with the interface's addresses taken from the generated
 * operations catalogue (section 4) so a change to the tables reaches the suite.
 */
import { isDeepStrictEqual } from 'node:util';
import { fillPath, pathsOf, type Write } from 'site-articles-schemas/conformance';
import { isReservedKey, operations, type OperationId } from 'site-articles-schemas/catalogue';
import type { Exchange } from '../http/client';
import { carriesAnyMarker } from '../marker';
import { expectJson, expectStatus, fail, isObject, show } from '../failure';
import type { CheckContext } from './check';
import { keyAddressProblem } from '../values/addressable';

const operation = (id: OperationId): (typeof operations)[number] => {
  const found = operations.find((entry) => entry.id === id);
  if (!found) throw new Error(`no operation ${id} in the catalogue`);
  return found;
};

/** The path of an operation; throws, sending nothing, for a data key that has no address of its own. */
export function pathOf(id: OperationId, articleId: number, key?: string): string {
  const template = operation(id).path;
  if (!template.includes('{key}')) return fillPath(template, { article_id: articleId });
  const problem = keyAddressProblem(key ?? '');
  if (problem !== undefined)
    throw new Error(
      `data key ${JSON.stringify(key ?? '')} cannot be written or removed through the interface: ${problem}`,
    );
  return fillPath(template, { article_id: articleId, key: key ?? '' });
}

/** The status the tables state for an operation; undefined where only "success" is stated. */
export const statusOf = (id: OperationId): number | undefined => {
  const found = operation(id);
  return 'status' in found ? found.status : undefined;
};

/** Section 4.5 also writes the list address with a singular `article` segment: its second address there. */
const [, singularList] = pathsOf('listComments').filter(({ statedBy }) => statedBy === '4.5');

export function singularListPath(articleId: number): string {
  if (!singularList) throw new Error('the operations catalogue states no second address in 4.5');
  return fillPath(singularList.path, { article_id: articleId });
}

/** `data` without the keys of other checks in flight on the article (`othersOwn`): what this check may judge. */
export function ownView(context: CheckContext, data: Record<string, unknown>): Record<string, unknown> {
  const { othersOwn } = context;
  if (!othersOwn || !Object.keys(data).some(othersOwn)) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !othersOwn(key)));
}

/** An answer or read holding an Article, with its `data` as `ownView` shows it. */
export function ownArticle(context: CheckContext, article: Record<string, unknown>): Record<string, unknown> {
  return isObject(article.data) ? { ...article, data: ownView(context, article.data) } : article;
}

/**
 * A write as the judgement of one check predicts from it: a full update's `data` without the keys of
 * others in flight (`ownView`), which it sends back as they were read while nothing else was in
 * flight, and which every read and answer this check judges leaves out too.
 */
export function ownWrite(context: CheckContext, write: Write): Write {
  if (write.operation !== 'updateArticle' || !context.othersOwn) return write;
  const payload = isObject(write.payload) ? write.payload : undefined;
  const article = payload && isObject(payload.article) ? payload.article : undefined;
  if (!payload || !article || !isObject(article.data)) return write;
  return { ...write, payload: { ...payload, article: { ...article, data: ownView(context, article.data) } } };
}

export interface ArticleRead {
  article: Record<string, unknown>;
  data: Record<string, unknown>;
  exchange: Exchange;
}

/** The data as read, with the keys of checks or sequences beside this one too: a full update sends them back as they are. */
export const wholeData = (read: ArticleRead): Record<string, unknown> => {
  const json = read.exchange.json;
  return isObject(json) && isObject(json.data) ? json.data : read.data;
};

/**
 * 4.1: the article as it is now: the last read of it when nothing can have changed it since (the
 * previous write's read after it, say), else a new read (`Client.readNow`). Its `data` must be an
 * object (2.1) for any data check to mean something; checks that do not look at `data` pass
 * `needsData: false`.
 */
export async function readArticle(
  context: CheckContext,
  why = 'reading the article',
  needsData = true,
): Promise<ArticleRead> {
  const exchange = await context.client.readNow(pathOf('readArticle', context.articleId));
  expectStatus(exchange, statusOf('readArticle'), why);
  const article = expectJson(exchange, why);
  if (!isObject(article)) fail(`${why} answers an Article object`, show(article), exchange);
  if (needsData && !isObject(article.data))
    fail(`${why} answers an Article whose data is an object`, show(article.data), exchange);
  const own = ownArticle(context, article);
  return { article: own, data: isObject(own.data) ? own.data : {}, exchange };
}

export const withoutReserved = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([key]) => !isReservedKey(key)));

/** The article's own keys: neither reserved (read-only: 2.1) nor written by a contract run. */
export const ownKeysOf = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([key]) => !isReservedKey(key) && !carriesAnyMarker(key)));

/** A reserved key the article already has (not one of the suite's own probes). */
export const existingReservedKey = (data: Record<string, unknown>): string | undefined =>
  Object.keys(data).find((key) => isReservedKey(key) && !carriesAnyMarker(key));

/** Every key of `before` (but those in `except`) is in `after` with the same value. */
export function expectKeysKept(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  except: string[],
  what: string,
  ...exchanges: Exchange[]
): void {
  const lost = Object.keys(before).filter(
    (key) => !except.includes(key) && !isDeepStrictEqual(before[key], after[key]),
  );
  if (lost.length === 0) return;
  const shown = lost.map(
    (key) => `${key}: ${key in after ? show(after[key]) : '(missing)'} instead of ${show(before[key])}`,
  );
  fail(`${what} keeps every other key of data as it was`, shown.join('\n'), ...exchanges);
}

/** The value at `key` of `data`, or a failure naming the key as missing or different. */
export function expectValue(
  data: Record<string, unknown>,
  key: string,
  value: unknown,
  what: string,
  ...exchanges: Exchange[]
): void {
  if (!(key in data))
    fail(`${what} has data.${key} = ${show(value)}`, `data has no key ${key}: ${show(data)}`, ...exchanges);
  if (!isDeepStrictEqual(data[key], value))
    fail(`${what} has data.${key} = ${show(value)}`, `data.${key} = ${show(data[key])}`, ...exchanges);
}
