/**
 * The invariants of the state the mock holds, checked around every request through its public
 * `state()`: reserved `svc_` keys and every attribute other than `data` (and `updated_at`) stay as
 * the fixture had them; a refused request or a read changes nothing; a write that succeeds changes
 * exactly what it asked for and nothing else; answers agree with the state.
 */
import type { SiteFixture } from 'site-articles-mock';
import { isReservedKey } from 'site-articles-schemas/catalogue';
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import type { HttpAnswer } from './client';
import type { Plan } from './cases';

type ArticleRecord = SiteFixture['articles'][number];
type Data = Record<string, unknown>;

const isReserved = ([key]: [string, unknown]): boolean => isReservedKey(key);
const reservedOf = (data: Data): Data => Object.fromEntries(Object.entries(data).filter(isReserved));
const fixedPart = (article: ArticleRecord): Partial<ArticleRecord> => ({ ...article, data: {}, updated_at: '' });
const isObject = (value: unknown): value is Data =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON text with sorted keys: what a client can tell apart, blind to key order and to realms (jest's `structuredClone` builds objects of another realm). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value === undefined ? null : value);
}

const same = (left: unknown, right: unknown): boolean => canonical(left) === canonical(right);

/** Reserved keys and fixed attributes of every article, against the fixture the run started from. */
export function fixtureProblems(initial: SiteFixture, now: SiteFixture): string[] {
  const problems: string[] = [];
  if (now.articles.length !== initial.articles.length) problems.push('the number of articles changed');
  for (const article of now.articles) {
    const original = initial.articles.find((candidate) => candidate.id === article.id);
    if (!original) problems.push(`article ${article.id} appeared`);
    else if (!same(reservedOf(original.data), reservedOf(article.data)))
      problems.push(`reserved keys of article ${article.id} changed: ${JSON.stringify(reservedOf(article.data))}`);
    else if (!same(fixedPart(original), fixedPart(article)))
      problems.push(`attributes other than data of article ${article.id} changed`);
  }
  return problems;
}

function expectedData(plan: Plan, before: Data): Data {
  const entries = Object.entries(before);
  const payload = plan.payload as { value?: unknown; article?: { data?: unknown } } | undefined;
  if (plan.operation === 'setDataKey' && plan.key !== undefined)
    return Object.fromEntries([...entries.filter(([key]) => key !== plan.key), [plan.key, payload?.value]]);
  if (plan.operation === 'deleteDataKey') return Object.fromEntries(entries.filter(([key]) => key !== plan.key));
  const sent = payload?.article?.data;
  if (plan.operation !== 'updateArticle' || !isObject(sent)) return before;
  return Object.fromEntries([
    ...entries.filter(isReserved),
    ...Object.entries(sent).filter((entry) => !isReserved(entry)),
  ]);
}

const commentsOf = (state: SiteFixture, id: number | undefined): SiteFixture['comments'] =>
  state.comments.filter((comment) => comment.article_id === id);
const sortedJson = (items: unknown[]): string[] => items.map(canonical).sort();

function expectedComments(plan: Plan, before: SiteFixture, answerBody: unknown): string[] {
  const list: unknown[] = commentsOf(before, plan.articleId);
  const comment = (plan.payload as { comment?: Data } | undefined)?.comment;
  if (plan.operation === 'postComment' && comment) {
    const { author, author_email, body } = comment;
    list.push({
      article_id: plan.articleId,
      author,
      author_email,
      body,
      created_at: (answerBody as { created_at?: unknown } | undefined)?.created_at,
    });
  }
  return sortedJson(list);
}

/** A successful write: only its article and that article's comments change, exactly as asked. */
function writeProblems(plan: Plan, before: SiteFixture, after: SiteFixture, answerBody: unknown): string[] {
  const others = (state: SiteFixture): unknown => ({
    ...state,
    articles: state.articles.filter((article) => article.id !== plan.articleId),
    comments: state.comments.filter((comment) => comment.article_id !== plan.articleId),
  });
  const problems: string[] = [];
  if (!same(others(before), others(after)))
    problems.push(`a write to article ${String(plan.articleId)} changed something else`);
  const old = before.articles.find((article) => article.id === plan.articleId);
  const now = after.articles.find((article) => article.id === plan.articleId);
  if (!old || !now) return [...problems, `article ${String(plan.articleId)} is missing`];
  // Data writes move updated_at; a new comment may leave it, but nothing moves it back.
  const moved = plan.operation === 'postComment' ? now.updated_at >= old.updated_at : now.updated_at > old.updated_at;
  if (!moved) problems.push(`updated_at did not move forward (${old.updated_at} -> ${now.updated_at})`);
  if (!same(expectedData(plan, old.data), now.data))
    problems.push(
      `data is ${JSON.stringify(now.data).slice(0, 300)}, expected ${JSON.stringify(expectedData(plan, old.data)).slice(0, 300)}`,
    );
  if (!same(expectedComments(plan, before, answerBody), sortedJson(commentsOf(after, plan.articleId))))
    problems.push('the comments are not the ones before plus the one posted');
  return problems;
}

/** Answers that show an article or a list agree with the state after the request. */
function agreementProblems(plan: Plan, after: SiteFixture, answer: HttpAnswer, answerBody: unknown): string[] {
  const count = commentsOf(after, plan.articleId).length;
  if (plan.operation === 'listComments') {
    const total = Number(answer.headers['x-total-entries']);
    return total === count
      ? []
      : [`X-Total-Entries ${String(answer.headers['x-total-entries'])}, but the article has ${count} comments`];
  }
  const shown = answerBody as { data?: unknown; comments_count?: unknown } | undefined;
  if (!isObject(shown) || !('comments_count' in shown)) return [];
  const stored = after.articles.find((article) => article.id === plan.articleId)?.data;
  const problems =
    shown.comments_count === count
      ? []
      : [`comments_count ${String(shown.comments_count)}, but the article has ${count} comments`];
  return same(stored, shown.data) ? problems : [...problems, "the answer's data differs from the stored data"];
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const writes = new Set(['updateArticle', 'setDataKey', 'deleteDataKey', 'postComment']);

export function stateProblems(
  plan: Plan,
  before: SiteFixture,
  after: SiteFixture,
  answer: HttpAnswer,
  method: string,
): string[] {
  const succeeded = isSuccessStatus(answer.status);
  const parsed = succeeded ? parseOrUndefined(answer.text) : undefined;
  const agreement = succeeded && method !== 'HEAD' ? agreementProblems(plan, after, answer, parsed) : [];
  if (!succeeded || !plan.operation || !writes.has(plan.operation)) {
    return same(before, after)
      ? agreement
      : [...agreement, `the state changed although the request ${succeeded ? 'only read' : 'was refused'}`];
  }
  return [...agreement, ...writeProblems(plan, before, after, parsed)];
}
