/**
 * Request payload checks through the shared validation module; a failure becomes the 422 of the
 * error catalogue with one entry per offending field.
 */
import type { RequestShape } from 'site-articles-schemas/catalogue';
import { validateRequest, type SchemaViolation } from 'site-articles-schemas/validation';
import { invalid } from './refusal';

/** `/comment/author_email` -> `comment.author_email`; the payload itself is `body`. */
export function fieldName(pointer: string): string {
  if (pointer === '') return 'body';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function errorsByField(violations: SchemaViolation[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const violation of violations) {
    const field = fieldName(violation.path);
    errors[field] = [...(errors[field] ?? []), violation.message];
  }
  return errors;
}

/** Every problem of a payload against its request schema, by field; empty when valid. */
export function payloadErrors(shape: RequestShape, payload: unknown): Record<string, string[]> {
  return errorsByField(validateRequest(shape, payload));
}

export function requireValid(shape: RequestShape, payload: unknown, extra: Record<string, string[]> = {}): void {
  const errors = { ...payloadErrors(shape, payload), ...extra };
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
