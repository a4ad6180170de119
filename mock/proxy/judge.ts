/**
 * The proxy's one door to the checks (interface sections 2 and 4): a proxied exchange is judged by
 * the contract suite's own functions (contract-tests/judge): `judgeExchange` for the answer's
 * media type, shape and dates, `judgeWrite` for a write with the reads around it. The proxy adds
 * only what those leave to the suite's checks, because a proxy sees traffic nobody planned: the
 * request's own shape, the stated success status, a JSON body on error answers, and the stated
 * address forms (the suite's address check).
 */
import { addressProblems } from '../../contract-tests/addresses';
import {
  judgeExchange as judgeAnswer,
  judgeWrite as judgeWholeWrite,
  type ContractViolation,
  type JudgeRule,
  type WriteRecord,
} from '../../contract-tests/judge';
import { validateRequest } from '../../validation';
import type { Operation } from './route';

/** Rules the proxy judges beyond the contract suite's judges. */
export const proxyRules = {
  'request-shape': "the client's payload has its operation's stated shape (section 4)",
  'stated-status': 'a success answer has the status its operation states (section 4)',
  'error-answer-json': 'an error answer with a body is JSON (section 7)',
  'stated-addresses': 'addresses in an answer have their stated form (2.1)',
} as const;

export type ProxyRule = JudgeRule | keyof typeof proxyRules;

/** One thing an exchange did that the interface does not allow, by field, with the rule it breaks. */
export interface ProxyViolation {
  rule: ProxyRule;
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
const show = (text: string): string => JSON.stringify(text.slice(0, 200));
const showValue = (value: unknown): string => (value === undefined ? '(missing)' : JSON.stringify(value).slice(0, 300));

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The request's own shape: a client sending a wrong payload is reported too, by field. */
function judgeRequest(operation: Operation, body: Buffer | undefined): ProxyViolation[] {
  if (!('request' in operation) || body === undefined) return [];
  const parsed = parseJson(body.toString('utf8'));
  if (!parsed)
    return [
      { rule: 'request-shape', path: 'request', expected: 'a JSON payload', actual: show(body.toString('utf8')) },
    ];
  return validateRequest(operation.request, parsed.value).map(({ path, message }) => ({
    rule: 'request-shape',
    path: `request${path}`,
    expected: message,
    actual: showValue(valueAt(parsed.value, path)),
  }));
}

function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return value;
}

/** The contract suite's address check reports "<pointer> should end with <form>, but is <value>". */
function addressViolations(operation: Operation, text: string): ProxyViolation[] {
  const parsed = 'answer' in operation ? parseJson(text) : undefined;
  if (!parsed || !('answer' in operation)) return [];
  return addressProblems(operation.answer, parsed.value).map((problem) => {
    const match = /^(\S*) should end with (.*), but is (.*)$/s.exec(problem);
    return match
      ? {
          rule: 'stated-addresses',
          path: match[1] ?? '',
          expected: `ends with ${match[2] ?? ''}`,
          actual: match[3] ?? '',
        }
      : { rule: 'stated-addresses', path: '', expected: 'addresses in their stated form', actual: problem };
  });
}

/** What the suite's judges leave to its checks: the stated status, and error answers being JSON. */
function judgeStatus(operation: Operation, status: number, text: string): ProxyViolation[] {
  const stated = 'status' in operation ? operation.status : undefined;
  if (isSuccess(status))
    return stated !== undefined && status !== stated
      ? [{ rule: 'stated-status', path: '', expected: String(stated), actual: String(status) }]
      : [];
  return text === '' || parseJson(text)
    ? []
    : [{ rule: 'error-answer-json', path: '', expected: 'a JSON error body', actual: show(text) }];
}

/** Everything one exchange can be judged on by itself. */
export function judgeExchange(exchange: ExchangeToJudge): ProxyViolation[] {
  const { operation, status, contentType } = exchange;
  const text = exchange.body.toString('utf8');
  const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
  const answer = { status, headers, body: text };
  return [
    ...judgeRequest(operation, exchange.requestBody),
    ...judgeStatus(operation, status, text),
    ...judgeAnswer(operation.id, answer),
    ...(isSuccess(status) ? addressViolations(operation, text) : []),
  ];
}

const sameViolation = (one: ContractViolation, other: ContractViolation): boolean =>
  one.rule === other.rule && one.path === other.path && one.expected === other.expected && one.actual === other.actual;

/**
 * A write judged as a whole by the contract suite's `judgeWrite`. Its answer was already judged
 * on its own as the exchange passed (`judgeExchange` above), so what `judgeWrite` finds in the
 * answer alone is left out here rather than reported twice.
 */
export function judgeWrite(record: WriteRecord): ProxyViolation[] {
  const answerAlone = judgeAnswer(record.write.operation, record.answer);
  return judgeWholeWrite(record).filter((found) => !answerAlone.some((seen) => sameViolation(found, seen)));
}
