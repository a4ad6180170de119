/**
 * The proxy's one door to the checks: every judgement of a proxied exchange goes through here, and
 * nothing here decides what "conforms" means by itself. Shapes and stated forms come from the
 * shared validation module (tolerant schemas) and the contract suite's address check; the stated
 * status and request shapes from the generated operations catalogue. Interface sections 2 and 4.
 *
 * Issue 9 turns the contract suite's single-answer and after-write checks into plain functions;
 * once they exist, `judgeExchange` and `judgeWrite` call them instead (see the README, "Proxy").
 */
import { addressProblems } from '../../contract-tests/addresses';
import { validateRequest, validateResponse, type Violation } from '../../validation';
import type { Operation } from './route';

/** One thing an answer (or request) did that the interface does not allow, by field. */
export interface ProxyViolation {
  path: string;
  expected: string;
  actual: string;
}

export interface ExchangeToJudge {
  operation: Operation;
  status: number;
  /** The answer's Content-Type header, if any. */
  contentType: string | undefined;
  /** The answer body, already decoded from any Content-Encoding. */
  body: Buffer;
  /** The request body the client sent (operations with a payload only). */
  requestBody?: Buffer;
}

const isSuccess = (status: number): boolean => status >= 200 && status <= 299;
const isJsonType = (type: string | undefined): boolean =>
  type !== undefined && /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(type.trim());

function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return value;
}

const show = (value: unknown): string => (value === undefined ? '(missing)' : JSON.stringify(value).slice(0, 300));

function byField(violations: Violation[], document: unknown, prefix = ''): ProxyViolation[] {
  return violations.map(({ path, message }) => ({
    path: `${prefix}${path}` || '(body)',
    expected: message,
    actual: show(valueAt(document, path)),
  }));
}

/** The contract suite's address check reports "<pointer> should end with <form>, but is <value>". */
function addressViolations(problems: string[]): ProxyViolation[] {
  return problems.map((problem) => {
    const match = /^(\S*) should end with (.*), but is (.*)$/s.exec(problem);
    return match
      ? { path: match[1] ?? '', expected: `ends with ${match[2] ?? ''}`, actual: match[3] ?? '' }
      : { path: '(body)', expected: 'addresses in their stated form', actual: problem };
  });
}

function parseJson(body: Buffer): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return undefined;
  }
}

/** The request's own shape: a client sending a wrong payload is reported too, by field. */
function judgeRequest(operation: Operation, body: Buffer | undefined): ProxyViolation[] {
  if (!('request' in operation) || body === undefined) return [];
  const parsed = parseJson(body);
  if (!parsed) return [{ path: 'request', expected: 'a JSON payload', actual: show(body.toString('utf8')) }];
  return byField(validateRequest(operation.request, parsed.value), parsed.value, 'request');
}

/** Everything one answer can be judged on by itself: status, media type, shape, stated forms. */
export function judgeExchange(exchange: ExchangeToJudge): ProxyViolation[] {
  const { operation, status, body } = exchange;
  const violations = judgeRequest(operation, exchange.requestBody);
  const stated = 'status' in operation ? operation.status : undefined;
  if (isSuccess(status) && stated !== undefined && status !== stated)
    violations.push({ path: 'status', expected: String(stated), actual: String(status) });
  if (status === 204 || body.length === 0) return violations;
  const parsed = isJsonType(exchange.contentType) ? parseJson(body) : undefined;
  if (!parsed) {
    violations.push({
      path: '(body)',
      expected: 'a JSON body with Content-Type application/json',
      actual: `${exchange.contentType ?? 'no Content-Type'}: ${show(body.toString('utf8', 0, 200))}`,
    });
    return violations;
  }
  if (!isSuccess(status) || !('answer' in operation)) return violations;
  const shapeViolations = byField(validateResponse(operation.answer, parsed.value, 'tolerant'), parsed.value);
  return [...violations, ...shapeViolations, ...addressViolations(addressProblems(operation.answer, parsed.value))];
}

/** A write as issue 9's `judgeWrite` takes it (4.2, 4.3, 4.4, 4.6). */
export type Write =
  | { operation: 'updateArticle'; payload: unknown }
  | { operation: 'setDataKey'; key: string; payload: unknown }
  | { operation: 'deleteDataKey'; key: string }
  | { operation: 'postComment'; payload: unknown };

export interface WriteRecord {
  before: Record<string, unknown>;
  write: Write;
  /** The write's answer, in the form of issue 9's `Answer`. */
  answer: { status: number; headers: Record<string, string>; body: string };
  after: Record<string, unknown>;
  /** After a post: each list address read, with every comment it listed. */
  listsAfter?: { address: string; items: unknown[] }[];
}

/**
 * A write judged from the reads around it. Today this judges the shapes of those reads only; the
 * after-write rules (data as the write predicts, nothing else changed, the count grows by one, the
 * comment listed once) are the contract suite's, and arrive with issue 9's `judgeWrite`.
 */
export function judgeWrite(record: WriteRecord): ProxyViolation[] {
  const after = byField(validateResponse('Article', record.after, 'tolerant'), record.after, 'after');
  const lists = (record.listsAfter ?? []).flatMap((list) =>
    byField(validateResponse('CommentList', list.items, 'tolerant'), list.items, `${list.address} `),
  );
  return [...after, ...lists];
}
