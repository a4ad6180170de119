/**
 * Ajv's errors as schema violations a person can read (named apart from conformance's `Violation`, a
 * broken rule of the interface): the JSON path of the offending field (the missing
 * or unexpected property included) and what is wrong with it.
 */
import type { ErrorObject } from 'ajv';

export interface SchemaViolation {
  /** JSON Pointer of the field at fault; `` for the document itself. */
  path: string;
  message: string;
}

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function pathOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const property = params.missingProperty ?? params.additionalProperty;
  return typeof property === 'string' ? `${error.instancePath}/${escapePointer(property)}` : error.instancePath;
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required but missing';
  if (error.keyword === 'additionalProperties') return 'is not a field of this shape';
  if (error.keyword === 'pattern') return `does not have the stated form (${String(error.params.pattern)})`;
  return error.message ?? error.keyword;
}

export function toViolations(errors: ErrorObject[] | null | undefined): SchemaViolation[] {
  const seen = new Set<string>();
  const violations: SchemaViolation[] = [];
  for (const error of errors ?? []) {
    const violation = { path: pathOf(error), message: messageOf(error) };
    const key = `${violation.path} ${violation.message}`;
    if (!seen.has(key)) violations.push(violation);
    seen.add(key);
  }
  return violations;
}

export function describeViolations(violations: SchemaViolation[]): string {
  return violations.map((violation) => `${violation.path || '(body)'}: ${violation.message}`).join('\n');
}
