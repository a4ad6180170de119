/**
 * Judging what one write did (interface sections 1, 2.1, 2.2, 4.2 to 4.6): from the article read
 * before it, the write sent, its answer, the article read after it and, after a post, the comment
 * lists read after it. The answer on its own is `judgeExchange`'s business (answer.ts): callers
 * judge it there once, and this function only what needs the reads around it. Plain data in,
 * violations out: the contract checks, the random sequences and the validating proxy all call it.
 */
import { isDeepStrictEqual } from 'node:util';
import { validateResponse } from '../validation';
import { isSuccessStatus } from './status';
import { answerDifferences, changedAttributes, type AttributeChange, type CommentsBetween } from './attributes';
import { describeDifferences, jsonDifferences, showValue } from './difference';
import { unrealArticleDates, unrealCommentDates, type Answer } from './answer';
import { predictData, type Write } from './predict';
import { violation, type Rule, type Violation } from './violation';

export type { Write } from './predict';

export interface CommentListRead {
  /** Where the list was read (a name or address), for the report. */
  address: string;
  /** Every comment listed there, all pages together. */
  items: unknown[];
}

export interface WriteRecord {
  before: Record<string, unknown>;
  write: Write;
  answer: Answer;
  after: Record<string, unknown>;
  listsAfter?: CommentListRead[];
  /**
   * Whether the write took effect. By default whether its answer is a success (2xx): a refused write
   * changed nothing. A caller that sent a post stating all 4.6 asks (the contract suite) says `true`:
   * 4.6 states no status, so such a post must take effect whatever its answer's status.
   */
  tookEffect?: boolean;
  /** Comments others may have posted between the answer and the read after (side by side); none if absent. */
  commentsBetween?: CommentsBetween;
}

const show = showValue;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAccepted = (answer: Answer): boolean => isSuccessStatus(answer.status);
const tookEffect = (record: WriteRecord): boolean => record.tookEffect ?? isAccepted(record.answer);

/** The article read after any write: its whole 2.1 shape, real dates, and no attribute but data, updated_at and comments_count moved. */
export function judgeArticleAfter({ before, after }: Pick<WriteRecord, 'before' | 'after'>): Violation[] {
  const shape = validateResponse('Article', after, 'tolerant').map((found) =>
    violation('article-shape', found.path, 'the whole 2.1 Article shape', found.message),
  );
  const changed = changedAttributes(before, after).map((change) =>
    violation('attributes-unchanged', `/${change.field}`, show(change.before), show(change.now)),
  );
  return [...shape, ...unrealArticleDates(after), ...changed];
}

/** 4.2 and 4.3 answer with the Article: the one the next read shows (no write in between). */
function judgeAnswerIsArticle({ write, answer, after, commentsBetween }: WriteRecord): Violation[] {
  if (write.operation !== 'updateArticle' && write.operation !== 'setDataKey') return [];
  if (!isAccepted(answer)) return [];
  let body: unknown;
  try {
    body = JSON.parse(answer.body) as unknown;
  } catch {
    return [];
  }
  if (!isRecord(body)) return [];
  // Each path that differs is its own finding: an answer's data may hold thousands of equal characters.
  return answerDifferences(body, after, commentsBetween).flatMap((difference) =>
    difference.field === 'comments_count' && commentsBetween
      ? [countBeside(difference, commentsBetween)]
      : jsonDifferences(difference.now, difference.before, `/${difference.field}`).differences.map((found) =>
          violation('answer-is-article', found.pointer, found.expected, found.actual),
        ),
  );
}

/** An answer's comments_count that the read after, less the comments posted beside it, does not explain. */
function countBeside({ now, before }: AttributeChange, { least, most }: CommentsBetween): Violation {
  // A read after with no count to go by (its shape is judged on its own) explains no answer's count.
  if (typeof before !== 'number')
    return violation('answer-is-article', '/comments_count', `the read after's ${show(before)}`, show(now));
  const read = before;
  const expected =
    least === most
      ? `${String(read - least)} (the read after's ${show(before)} less ${String(least)} posted in between)`
      : `${String(read - most)} to ${String(read - least)} (the read after's ${show(before)} less ${String(least)} to ${String(most)} posted in between)`;
  return violation('answer-is-article', '/comments_count', expected, show(now));
}

/** A finding of `rule` for each path of the article's `data` that is not as expected. */
export const dataDifferences = (
  rule: Rule,
  actual: Record<string, unknown>,
  expected: Record<string, unknown>,
): Violation[] =>
  jsonDifferences(actual, expected, '/data').differences.map((difference) =>
    violation(rule, difference.pointer, difference.expected, difference.actual),
  );

function judgeData(record: WriteRecord): Violation[] {
  const { before, write, after } = record;
  const allowed = predictData(isRecord(before.data) ? before.data : {}, write, tookEffect(record));
  if (allowed.some((data) => isDeepStrictEqual(data, after.data))) return [];
  if (!isRecord(after.data)) return [violation('data-as-predicted', '/data', 'an object', show(after.data))];
  const [only] = allowed;
  // One allowed result: each path that differs is its own finding; two (merge or replace): both said.
  if (allowed.length === 1 && only) return dataDifferences('data-as-predicted', after.data, only);
  const afterData = after.data;
  return [
    violation(
      'data-as-predicted',
      '/data',
      allowed
        .map((data, index) => `${index === 0 ? 'merged' : 'replaced'} (${describeDifferences(afterData, data)})`)
        .join(' or '),
      'neither',
    ),
  ];
}

function postedComment(write: Write): { author?: unknown; body?: unknown } {
  const comment = write.operation === 'postComment' && isRecord(write.payload) ? write.payload.comment : undefined;
  return isRecord(comment) ? comment : {};
}

/** A post the target refused added nothing: the count stays, and the list is judged only against the count. */
function judgeRefusedPost({ before, after }: WriteRecord): Violation[] {
  if (typeof before.comments_count !== 'number' || after.comments_count === before.comments_count) return [];
  return [
    violation('refused-post-uncounted', '/comments_count', String(before.comments_count), show(after.comments_count)),
  ];
}

function judgeLists(record: WriteRecord): Violation[] {
  const { before, write, after, listsAfter = [] } = record;
  const found: Violation[] = [];
  const posted = write.operation === 'postComment' && tookEffect(record) ? postedComment(write) : undefined;
  for (const list of listsAfter) {
    found.push(
      ...validateResponse('CommentList', list.items, 'tolerant').map((problem) =>
        violation('answer-shape', `${list.address}${problem.path}`, 'a list of 2.2 comments', problem.message),
      ),
      ...unrealCommentDates(list.items, list.address),
    );
    if (after.comments_count !== list.items.length)
      found.push(
        violation(
          'comments-count-listed',
          '/comments_count',
          `${list.items.length} (listed at ${list.address})`,
          show(after.comments_count),
        ),
      );
    if (!posted) continue;
    const copies = list.items.filter(
      (item) => isRecord(item) && item.author === posted.author && item.body === posted.body,
    );
    if (copies.length !== 1)
      found.push(
        violation(
          'comment-listed-once',
          list.address,
          'the posted comment listed once',
          `listed ${copies.length} times`,
        ),
      );
  }
  if (write.operation === 'postComment' && !posted) found.push(...judgeRefusedPost(record));
  if (posted && typeof before.comments_count === 'number' && after.comments_count !== before.comments_count + 1)
    found.push(
      violation(
        'comments-count-grows-by-one',
        '/comments_count',
        String(before.comments_count + 1),
        show(after.comments_count),
      ),
    );
  return found;
}

export function judgeWrite(record: WriteRecord): Violation[] {
  return [...judgeArticleAfter(record), ...judgeAnswerIsArticle(record), ...judgeData(record), ...judgeLists(record)];
}
