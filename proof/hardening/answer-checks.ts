/**
 * What every answer must be, whatever was sent: never a 5xx; an error is JSON with a string
 * `message` (and `errors` a map of string lists when present); a success is valid against the
 * strict schemas of its operation (interface section 4); headers stay readable. Each check returns
 * the problems it finds, so one failing request reports all of them.
 */
import type { OperationId, ResponseShape } from 'site-articles-schemas/catalogue';
import { operations } from 'site-articles-schemas/catalogue';
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { describeViolations, validateResponse } from '../../schemas/validation';
import { maxIgnoredFieldsLength } from '../../mock/rules/limits';
import type { HttpAnswer } from './client';
import type { Verdict } from './verdicts';

/** The tables' answer shape per operation; a posted comment answers in the list shape (the mock's choice). */
const answerShapes = new Map<OperationId, ResponseShape>(
  operations.map((operation) => [operation.id, 'answer' in operation ? operation.answer : 'Comment']),
);

const isStringList = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function parseJson(text: string): { value?: unknown; problem?: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: `body is not JSON (${String(error)}): ${text.slice(0, 120)}` };
  }
}

export function errorProblems(answer: HttpAnswer, method: string): string[] {
  if (answer.status < 400 || method === 'HEAD') return [];
  if (!String(answer.headers['content-type']).startsWith('application/json'))
    return [`error ${answer.status} has Content-Type ${String(answer.headers['content-type'])}`];
  const { value, problem } = parseJson(answer.text);
  if (problem) return [`error ${answer.status}: ${problem}`];
  const body = value as { message?: unknown; errors?: unknown } | null;
  const problems: string[] = [];
  if (typeof body?.message !== 'string')
    problems.push(`error ${answer.status} has no string message: ${answer.text.slice(0, 200)}`);
  const errors = body?.errors;
  if (
    errors !== undefined &&
    (errors === null || typeof errors !== 'object' || !Object.values(errors).every(isStringList))
  ) {
    problems.push(`error ${answer.status} has malformed errors: ${JSON.stringify(errors).slice(0, 200)}`);
  }
  return problems;
}

export function successProblems(answer: HttpAnswer, method: string, operation: OperationId | undefined): string[] {
  const shape = operation && answerShapes.get(operation);
  if (!isSuccessStatus(answer.status) || !shape || method === 'HEAD' || answer.status === 204) return [];
  const { value, problem } = parseJson(answer.text);
  if (problem) return [`${operation} answered ${answer.status}: ${problem}`];
  const violations = validateResponse(shape, value, 'strict');
  return violations.length > 0
    ? [`${operation} answer breaks the strict ${shape} schema:\n${describeViolations(violations)}`]
    : [];
}

/** `X-Mock-Ignored-Fields`: bounded, and every entry decodes (or counts the ones left out). */
export function headerProblems(answer: HttpAnswer): string[] {
  const ignored = answer.headers['x-mock-ignored-fields'];
  if (typeof ignored !== 'string') return [];
  if (ignored.length > maxIgnoredFieldsLength + 16)
    return [`X-Mock-Ignored-Fields is ${ignored.length} characters long`];
  const unreadable = ignored.split(', ').filter((entry) => {
    if (/^\([0-9]+ more\)$/.test(entry)) return false;
    try {
      decodeURIComponent(entry);
      return false;
    } catch {
      return true;
    }
  });
  return unreadable.length > 0 ? [`X-Mock-Ignored-Fields has undecodable entries ${JSON.stringify(unreadable)}`] : [];
}

export function verdictProblems(answer: HttpAnswer, expected: Verdict): string[] {
  const succeeded = isSuccessStatus(answer.status);
  if (expected === 'success' && !succeeded)
    return [`expected success, got ${answer.status}: ${answer.text.slice(0, 300)}`];
  if (expected === 'refused' && succeeded)
    return [`expected a refusal, got ${answer.status}: ${answer.text.slice(0, 200)}`];
  return [];
}

export function answerProblems(
  answer: HttpAnswer,
  method: string,
  operation: OperationId | undefined,
  expected: Verdict,
): string[] {
  if (answer.status >= 500) return [`server error ${answer.status}: ${answer.text.slice(0, 300)}`];
  return [
    ...errorProblems(answer, method),
    ...successProblems(answer, method, operation),
    ...headerProblems(answer),
    ...verdictProblems(answer, expected),
  ];
}
