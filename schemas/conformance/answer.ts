/**
 * Judging one answer on its own (interface section 4 with 2.1 and 2.2): a success answer that
 * carries a body is labelled as JSON and has its operation's stated shape with real dates; a 204
 * is empty. Error answers keep every freedom the interface leaves them (section 7), and statuses
 * are the checks' business, so neither is judged here.
 */
import { operations, type OperationId, type ResponseShape } from '../generated/catalogue';
import { validateResponse } from '../validation';
import { isRealCommentDate, isRealTimestamp } from './dates';
import { isSuccessStatus } from './status';
import { violation, type Violation } from './violation';

export interface Answer {
  status: number;
  headers: Headers | Record<string, string>;
  /** The body as text; `` when there is none. */
  body: string;
}

const stated = new Map<string, ResponseShape>(
  operations.flatMap((operation) => ('answer' in operation ? [[operation.id, operation.answer]] : [])),
);

/** `application/json` or any `<type>/<subtype>+json`, parameters such as charset allowed. */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence);
}

const headerOf = (headers: Answer['headers'], name: string): string | null =>
  headers instanceof Headers
    ? headers.get(name)
    : (Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? null);

function parsed(body: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(body) as unknown };
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Timestamp fields of an Article and its summaries (2.1) whose digits name no real moment. */
export function unrealArticleDates(article: unknown, at = ''): Violation[] {
  if (!isRecord(article)) return [];
  const fields: [string, unknown][] = ['created_at', 'updated_at', 'published_at'].map((field) => [
    `${at}/${field}`,
    article[field],
  ]);
  for (const summary of ['page', 'language']) {
    const part = article[summary];
    if (isRecord(part))
      for (const field of ['created_at', 'updated_at', 'published_at'])
        if (field in part) fields.push([`${at}/${summary}/${field}`, part[field]]);
  }
  return fields
    .filter(([, value]) => typeof value === 'string' && !isRealTimestamp(value))
    .map(([path, value]) => violation('real-dates', path, 'a real YYYY-MM-DDTHH:MM:SS.mmmZ date', String(value)));
}

/** Comments (2.2) whose created_at is no real date in the stated form. */
export const unrealCommentDates = (items: unknown[], at = ''): Violation[] =>
  items.flatMap((item, index) =>
    isRecord(item) && !isRealCommentDate(item.created_at)
      ? [
          violation(
            'real-dates',
            `${at}/${index}/created_at`,
            'a real YYYY/MM/DD HH:MM:SS +0000 date',
            JSON.stringify(item.created_at),
          ),
        ]
      : [],
  );

/** The shape and dates of a parsed success body, for operations whose answer the tables state. */
function judgeBody(operation: OperationId, json: unknown): Violation[] {
  const shape = stated.get(operation);
  if (!shape) return [];
  const dates = Array.isArray(json) ? unrealCommentDates(json) : unrealArticleDates(json);
  return [...judgeShape(shape, json), ...dates];
}

/** Tolerant validation against a stated shape (2.1, 2.2): extra fields are fine, every stated field, type and form must hold. */
export const judgeShape = (shape: ResponseShape, json: unknown): Violation[] =>
  validateResponse(shape, json, 'tolerant').map((found) =>
    violation('answer-shape', found.path, `the ${shape} shape`, found.message),
  );

export function judgeExchange(operation: OperationId, answer: Answer): Violation[] {
  if (!isSuccessStatus(answer.status)) return [];
  if (answer.status === 204)
    return answer.body === ''
      ? []
      : [violation('empty-204', '', 'an empty body', `${answer.body.length} characters: ${answer.body.slice(0, 200)}`)];
  if (answer.body === '') return [];
  const contentType = headerOf(answer.headers, 'content-type');
  const found: Violation[] = isJsonMediaType(contentType)
    ? []
    : [violation('media-type', '', 'Content-Type application/json (or a +json type)', contentType ?? '(none)')];
  const body = parsed(answer.body);
  if (!body) return [...found, violation('answer-shape', '', 'a JSON body', answer.body.slice(0, 200))];
  return [...found, ...judgeBody(operation, body.json)];
}
