/**
 * Interface sections 1 and 4.2: `data` is the only attribute a client can change. Besides it,
 * only `updated_at` (the write's own time stamp) and `comments_count` (comments posted) may move.
 * The page, language and author are other resources (2.1 summaries): a target may touch the
 * page's `updated_at` on every article write, and optional `url`s may be in one answer only, so
 * only which one the article points at (the summary's `id`) is the article's own attribute.
 */
import { isDeepStrictEqual } from 'node:util';
import articleSchema from '../generated/article.json';

const articleFields = Object.keys(articleSchema.properties);
const movable = new Set(['data', 'updated_at', 'comments_count']);
const summaries = new Set(['page', 'language', 'author']);

const comparable = (field: string, value: unknown): unknown =>
  summaries.has(field) && typeof value === 'object' && value !== null ? { id: (value as { id?: unknown }).id } : value;

export interface AttributeChange {
  field: string;
  now: unknown;
  before: unknown;
}

/**
 * Fields of `now` that differ from `before`; only fields `now` has, because update answers may
 * omit six of them (2.1).
 */
export const changedAttributes = (before: Record<string, unknown>, now: Record<string, unknown>): AttributeChange[] =>
  articleFields
    .filter(
      (field) =>
        !movable.has(field) &&
        field in now &&
        !isDeepStrictEqual(comparable(field, now[field]), comparable(field, before[field])),
    )
    .map((field) => ({ field, now: comparable(field, now[field]), before: comparable(field, before[field]) }));

/**
 * How many comments others may have posted between a write's answer and the read after it: none
 * when nothing posts beside the write. Side by side (the random sequences), the posts that surely
 * landed in between (`least`) and those that may have (`most`).
 */
export interface CommentsBetween {
  least: number;
  most: number;
}

const noComments: CommentsBetween = { least: 0, most: 0 };

/** Whether the read's comments_count is the answer's plus comments posted in between. */
const countExplained = (answer: unknown, after: unknown, { least, most }: CommentsBetween): boolean =>
  typeof answer === 'number' && typeof after === 'number'
    ? after - answer >= least && after - answer <= most
    : isDeepStrictEqual(answer, after);

/**
 * Fields of a write's answer (4.2, 4.3: "the Article object") that differ from the article read
 * right after it: the answer is that article, so its `data` and `comments_count` too (up to the
 * comments posted in between, `between`). Only fields the answer has (update answers may omit six),
 * and not `updated_at`, which a target may take from a clock at either moment.
 */
export const answerDifferences = (
  answer: Record<string, unknown>,
  after: Record<string, unknown>,
  between: CommentsBetween = noComments,
): AttributeChange[] =>
  articleFields
    .filter(
      (field) =>
        field !== 'updated_at' &&
        field in answer &&
        !(field === 'comments_count'
          ? countExplained(answer[field], after[field], between)
          : isDeepStrictEqual(comparable(field, answer[field]), comparable(field, after[field]))),
    )
    .map((field) => ({ field, now: comparable(field, answer[field]), before: comparable(field, after[field]) }));
