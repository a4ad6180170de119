/**
 * A burst of data requests on one article (4.1 to 4.4), judged against every order the interface
 * allows, never against one: the article is read, the requests leave at once, the article is read
 * again once all have answered, and the linearizability check (conformance/linearizability) asks
 * whether some order of them, each as the interface states it, explains every answer and the
 * final read (each key's part first, then the whole: by-key.ts). Each answer is also judged on its own (shape, dates, media type), and the article
 * after the burst by the one write judgement (no attribute but data moved).
 */
import {
  checkArticleDataLinearizable,
  describeJudged,
  judgeArticleAfter,
  judgeExchange,
  statementsOfAnswer,
  statementsOfBurst,
  type DataOperation,
  type DataVerdict,
  type Observed,
  type Write,
} from 'site-articles-schemas/conformance';
import type { CheckContext } from './check';
import { ownView, ownWrite, pathOf, readArticle, wholeData, type ArticleRead } from './steps';
import { failWithTimeline, isObject } from '../failure';
import type { Exchange, RequestSpec } from '../http/client';
import { sendAtOnce, sendSpreadOut, timelineOf, type Planned, type Seen } from '../concurrent/burst';
import { answerOf, noteJudged, noteRequest } from '../ledger';

/**
 * One request of a burst: a write (4.2, 4.3, 4.4) or a read (4.1), on the check's article unless
 * `articleId` names another of the run's (a burst across articles).
 */
export type BurstStep = (
  { label: string; write: Write } | { label: string; read: true } | { label: string; list: string }
) & {
  articleId?: number;
  /** Where a post goes, when not to the article's plural list (4.5 names three addresses). */
  address?: string;
};

/** A step that shows the article's data (a read or a write); a list shows comments only. */
const showsData = (step: BurstStep): step is Exclude<BurstStep, { list: string }> => !('list' in step);

const articleOf = (context: CheckContext, step: BurstStep): number => step.articleId ?? context.articleId;

function requestOf(context: CheckContext, step: BurstStep): RequestSpec {
  const articleId = articleOf(context, step);
  if ('read' in step) return { method: 'GET', to: pathOf('readArticle', articleId) };
  if ('list' in step) return { method: 'GET', to: step.list };
  const { write } = step;
  if (write.operation === 'updateArticle')
    return { method: 'PUT', to: pathOf('updateArticle', articleId), json: write.payload };
  if (write.operation === 'setDataKey')
    return { method: 'PUT', to: pathOf('setDataKey', articleId, write.key), json: write.payload };
  if (write.operation === 'deleteDataKey')
    return { method: 'DELETE', to: pathOf('deleteDataKey', articleId, write.key) };
  return { method: 'POST', to: step.address ?? pathOf('postComment', articleId), json: write.payload };
}

/** What one request of the burst did and showed, the keys of other checks in flight left out (`ownView`). */
function observed(
  context: CheckContext,
  step: Exclude<BurstStep, { list: string }>,
  seen: Seen,
): Observed<DataOperation> {
  const json = seen.exchange?.json;
  const data = isObject(json) && isObject(json.data) ? ownView(context, json.data) : undefined;
  const answer = seen.exchange ? { status: seen.exchange.status, ...(data ? { data } : {}) } : undefined;
  const op: DataOperation =
    'read' in step ? { kind: 'read', answer } : { kind: 'write', write: ownWrite(context, step.write), answer };
  return { op, sentAt: seen.sentAt, answeredAt: seen.answeredAt };
}

function answersAlone(steps: BurstStep[], seen: Seen[]): string {
  return seen
    .flatMap((one, index) => {
      const step = steps[index];
      if (!one.exchange || !step) return [];
      const operation = 'read' in step ? 'readArticle' : 'list' in step ? 'listComments' : step.write.operation;
      const found = judgeExchange(operation, answerOf(one.exchange));
      noteJudged(statementsOfAnswer(operation, answerOf(one.exchange), found));
      return found.length > 0 ? [`${one.label}: ${describeJudged(found)}`] : [];
    })
    .join('\n');
}

export interface BurstOutcome {
  /** Why the burst was not judged (too many orders to decide within the bound), if it was not. */
  note: string | undefined;
  /** The article's data as the read after the burst showed it. */
  after: Record<string, unknown>;
}

/** What a whole burst leaves for a caller that judges more of it (posts among its requests). */
export interface BurstRun extends BurstOutcome {
  /** The check's article as read just before the burst. */
  before: Record<string, unknown>;
  /** Every request of the burst (the late ones after the others) and the reads after it, as seen. */
  seen: Seen[];
  /** When the burst began (performance.now()): each request's `sentAt` and `answeredAt` count from it. */
  origin: number;
  /** Each article the burst touched, as read just before it. */
  befores: Map<number, Record<string, unknown>>;
}

/** Requests that leave while the burst is under way (sendSpreadOut), each of them judged as the burst's are. */
export interface BurstOptions {
  late?: BurstStep[];
  /** Receives the burst's exchanges as they come, for a caller that lists every request it sent. */
  log?: Exchange[];
  /**
   * Told what the burst's requests got (times counting from `origin`) once each has its answer or
   * failed, before the read after them, and the article as read before the burst.
   */
  answered?: (seen: Seen[], origin: number, before: Record<string, unknown>) => void;
  /**
   * The article as the caller read it before the burst, and the data a full update of the burst
   * sends back (the keys of others as they are now), when it read it already: else it is read here.
   */
  readBefore?: { read: ArticleRead; whole: Record<string, unknown> };
}

/** Why no order explains a history, in the labels of the burst's requests. */
function whyNot(verdict: DataVerdict & { kind: 'not linearizable' }, labels: string[]): string {
  const placed = verdict.placed.map((index) => labels[index] ?? '?').join(', ');
  const inKey = verdict.key === undefined ? '' : `in key ${verdict.key} alone: `;
  const stuck = verdict.stuck.map(({ index, why }) => `${labels[index] ?? '?'}: ${why}`).join('; ');
  return `[linearizable] ${inKey}${placed === '' ? '' : `after ${placed}, `}${stuck || 'no request could come next'}`;
}

/**
 * Sends the steps at once and fails, with a timeline, unless some allowed order explains what came
 * back, on each article the burst touched (each alone: articles are independent). `plan` may be
 * the steps themselves, or made from the data read just before the burst (a full update that sends
 * the article's keys as they are), so the article is read once.
 */
export async function judgeDataBurst(
  context: CheckContext,
  what: string,
  plan: BurstStep[] | ((before: Record<string, unknown>, whole: Record<string, unknown>) => BurstStep[]),
  { late = [], log = [], answered, readBefore }: BurstOptions = {},
): Promise<BurstRun> {
  const origin = performance.now();
  const before = readBefore?.read ?? (await readArticle(context, `reading the article before ${what}`));
  // `whole`: the data with the keys of others in flight too, for a full update that must send them back.
  const whole = readBefore?.whole ?? wholeData(before);
  const steps = typeof plan === 'function' ? plan(before.data, whole) : plan;
  const articleIds = [...new Set([context.articleId, ...steps.map((step) => articleOf(context, step))])];
  const befores = [before];
  for (const articleId of articleIds.slice(1))
    befores.push(await readArticle({ ...context, articleId }, `reading article ${String(articleId)} before ${what}`));
  // A read before the caller already listed is listed once.
  log.push(...befores.map((read) => read.exchange).filter((exchange) => !log.includes(exchange)));
  const finals: BurstStep[] = articleIds.map((articleId) => ({
    label: articleIds.length > 1 ? `read after, article ${String(articleId)}` : 'read after',
    read: true,
    articleId,
  }));
  const planned = (sent: BurstStep[]): Planned[] =>
    sent.map((step) => ({ label: step.label, request: requestOf(context, step) }));
  const burst = await sendSpreadOut(context.client, planned(steps), planned(late), origin);
  const sent = [...steps, ...late.slice(0, burst.length - steps.length)];
  answered?.(burst, origin, before.article);
  const all = [...burst, ...(await sendAtOnce(context.client, planned(finals), origin))];
  log.push(...all.flatMap((one) => (one.exchange ? [one.exchange] : [])));
  for (const one of all) if (one.exchange) noteRequest(one.exchange, false);
  const alone = answersAlone(sent, all);
  if (alone !== '')
    failWithTimeline(`each answer of ${what} holds what the interface states`, alone, timelineOf(all, alone));
  const outcomes = articleIds.map((articleId, at) =>
    judgeOneArticle(context, what, [...sent, ...finals], all, { articleId, before: befores[at] as ArticleRead }),
  );
  const note = outcomes.map((outcome) => outcome.note).find((one) => one !== undefined);
  return {
    note,
    after: outcomes[0]?.after ?? {},
    before: before.article,
    seen: all,
    origin,
    befores: new Map(articleIds.map((articleId, at) => [articleId, befores[at]?.article ?? {}])),
  };
}

/** The part of the burst on one article, judged alone: its attributes after, and some order of its requests. */
function judgeOneArticle(
  context: CheckContext,
  what: string,
  steps: BurstStep[],
  all: Seen[],
  { articleId, before }: { articleId: number; before: ArticleRead },
): BurstOutcome {
  const on = steps.flatMap((step, index) => (articleOf(context, step) === articleId && showsData(step) ? [index] : []));
  const last = all[on.at(-1) ?? -1];
  if (!last?.exchange || !isObject(last.exchange.json))
    throw new Error(`the read after ${what} got no article ${String(articleId)}: ${last?.error ?? ''}`);
  const aftermath = judgeArticleAfter({ before: before.article, after: last.exchange.json });
  const history = on.map((index) =>
    observed(context, steps[index] as Exclude<BurstStep, { list: string }>, all[index] as Seen),
  );
  const verdict = checkArticleDataLinearizable(before.data, history);
  const writes = on.flatMap((index) => {
    const step = steps[index];
    return step && 'write' in step ? [step.write.operation] : [];
  });
  if (verdict.kind !== 'undecided')
    noteJudged(statementsOfBurst(writes, verdict.kind === 'linearizable', aftermath.length === 0));
  if (aftermath.length > 0)
    failWithTimeline(
      `the article after ${what} changed no attribute but data`,
      describeJudged(aftermath),
      timelineOf(all, describeJudged(aftermath)),
    );
  const after = isObject(last.exchange.json.data) ? ownView(context, last.exchange.json.data) : {};
  if (verdict.kind === 'undecided')
    return {
      note: `${what}: too many orders to decide within the bound (${String(verdict.steps)} steps); not judged`,
      after,
    };
  if (verdict.kind === 'linearizable') return { note: undefined, after };
  const onArticle = steps.length > on.length ? `article ${String(articleId)}: ` : '';
  const why = `${onArticle}${whyNot(
    verdict,
    on.map((index) => all[index]?.label ?? '?'),
  )}`;
  return failWithTimeline(
    `${what}: some order of the requests, each as the interface states it, explains every answer and the read after them`,
    why,
    timelineOf(all, why),
  );
}
