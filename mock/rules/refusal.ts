/**
 * How a rule refuses a request: what is wrong, in the interface's terms, never an HTTP status.
 * The core turns a refusal into the catalogue's answer (core/api-error.ts), so the rules know no
 * HTTP and the statuses live in one table.
 */
export type RefusalCode = 'notFound' | 'reservedKey' | 'validationFailed';

export class Refusal extends Error {
  override name = 'Refusal';

  constructor(
    readonly code: RefusalCode,
    /** A message more precise than the catalogue's, and for `validationFailed` the problems per field. */
    readonly details: { message?: string; errors?: Record<string, string[]> } = {},
  ) {
    super(details.message ?? code);
  }
}

/** 422 with every problem named by field. */
export const invalid = (errors: Record<string, string[]>): Refusal => new Refusal('validationFailed', { errors });
