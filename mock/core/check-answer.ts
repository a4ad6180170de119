/**
 * The answer check: in development and test every answer is checked against the strict schemas
 * before it is sent, and a violation fails loudly (a 500 naming every problem, and a log line)
 * instead of shipping a wrong answer to a frontend.
 */
import type { OperationId, ResponseShape } from 'site-articles-schemas/catalogue';
import { operations } from 'site-articles-schemas/catalogue';
import { validateResponse } from 'site-articles-schemas/validation';
import { ApiError } from './api-error';
import { type Outcome } from '../rules';
import { errorsByField } from '../rules/validate-payload';

/** The shape the mock answers with per operation: the tables' answer, else the mock's own choice. */
const answerShapes = new Map<OperationId, ResponseShape>(
  operations.map((operation) => [operation.id, 'answer' in operation ? operation.answer : 'Comment']),
);

export function checkOutcome(operation: OperationId, outcome: Outcome): void {
  const shape = answerShapes.get(operation);
  if (!shape || outcome.body === undefined || outcome.status >= 300) return;
  const violations = validateResponse(shape, outcome.body, 'strict');
  if (violations.length === 0) return;
  console.error(`mock answer to ${operation} breaks the ${shape} schema:`, violations);
  throw new ApiError('invalidResponse', { errors: errorsByField(violations) });
}
