/**
 * The answer check: in development and test every answer is checked against the strict schemas
 * before it is sent, and a violation fails loudly (a 500 naming every problem, and a log line)
 * instead of shipping a wrong answer to a frontend. The shape is the routed row's (operation-routes.ts).
 */
import { validateResponse } from 'site-articles-schemas/validation';
import { ApiError } from './api-error';
import type { OperationRoute } from './operation-routes';
import { type Outcome } from '../rules';
import { errorsByField } from '../rules/validate-payload';

export function checkOutcome(route: OperationRoute, outcome: Outcome): void {
  const shape = route.answerShape;
  if (outcome.body === undefined || outcome.status >= 300) return;
  const violations = validateResponse(shape, outcome.body, 'strict');
  if (violations.length === 0) return;
  console.error(`mock answer to ${route.operation.id} breaks the ${shape} schema:`, violations);
  throw new ApiError('invalidResponse', { errors: errorsByField(violations) });
}
