/**
 * Interface sections 4.1 to 4.4: read an article, update its `data`, set one data key, remove
 * one data key.
 */
import type { ArticleUpdateRequest, DataValueRequest } from 'site-articles-schemas/types';
import type { StoredArticle } from '../store/site-store';
import { Refusal } from './refusal';
import { nextTimestamp } from './clock';
import {
  ignoredFieldsHeader,
  type ArticleInput,
  type KeyInput,
  type Outcome,
  type PayloadInput,
  type RuleContext,
} from './context';
import { dataKeyProblems, ignoredFieldsValue, keyProblems } from './limits';
import { articleAsShown } from '../present/as-shown';
import { isReservedKey, replaceData } from './reserved-keys';
import { requireValid } from './validate-payload';

export function findArticle(context: RuleContext, articleId: number): StoredArticle {
  const article = context.store.article(articleId);
  if (!article) throw new Refusal('notFound');
  return article;
}

/** For what needs only to know the article exists (its comments): a large site then need not read it. */
export function requireArticle(context: RuleContext, articleId: number): void {
  if (!context.store.hasArticle(articleId)) throw new Refusal('notFound');
}

function answer(context: RuleContext, article: StoredArticle, status = 200): Outcome {
  return { status, body: articleAsShown(context.store, article, context.base) };
}

function touch(context: RuleContext, article: StoredArticle): void {
  article.updated_at = nextTimestamp(context.clock, article.updated_at);
  context.store.articleChanged(article);
}

/** 4.1: the full Article. */
export function readArticle(context: RuleContext, input: ArticleInput): Outcome {
  return answer(context, findArticle(context, input.articleId));
}

/** Request fields other than `article.data`, and reserved keys inside it: accepted, ignored, named. */
function ignoredFields(payload: ArticleUpdateRequest, reservedSent: string[]): string[] {
  const outer = Object.keys(payload).filter((key) => key !== 'article');
  const inner = Object.keys(payload.article)
    .filter((key) => key !== 'data')
    .map((key) => `article.${key}`);
  return [...outer, ...inner, ...reservedSent.map((key) => `article.data.${key}`)];
}

/** 4.2: only `data` changes; a sent `data` replaces the stored one, reserved keys excepted. */
export function updateArticle(context: RuleContext, input: PayloadInput): Outcome {
  const article = findArticle(context, input.articleId);
  requireValid('ArticleUpdateRequest', input.payload, dataKeyProblems(input.payload));
  const payload = input.payload as ArticleUpdateRequest;
  const sent = payload.article.data;
  const { data, ignored } = sent ? replaceData(article.data, sent) : { data: article.data, ignored: [] };
  article.data = data;
  touch(context, article);
  const outcome = answer(context, article);
  const named = ignoredFields(payload, ignored);
  return named.length > 0 ? { ...outcome, headers: { [ignoredFieldsHeader]: ignoredFieldsValue(named) } } : outcome;
}

function requireWritable(key: string): void {
  if (isReservedKey(key)) throw new Refusal('reservedKey', { message: `Data key "${key}" is reserved and read-only.` });
}

/** 4.3: adds or updates one key; every other key stays. */
export function setDataKey(context: RuleContext, input: KeyInput & PayloadInput): Outcome {
  const article = findArticle(context, input.articleId);
  requireWritable(input.key);
  requireValid('DataValueRequest', input.payload, keyProblems(input.key));
  article.data.set(input.key, (input.payload as DataValueRequest).value);
  touch(context, article);
  return answer(context, article);
}

/** 4.4: removes one key; `204` with an empty body. */
export function deleteDataKey(context: RuleContext, input: KeyInput): Outcome {
  const article = findArticle(context, input.articleId);
  requireWritable(input.key);
  if (!article.data.has(input.key)) throw new Refusal('notFound', { message: `Data key "${input.key}" not found.` });
  article.data.delete(input.key);
  touch(context, article);
  return { status: 204 };
}
