/**
 * The string formats the generated schemas name (`date-time` for section 2.1's timestamps, `email`
 * for section 4.6's `author_email`), as the very checks Ajv runs for them in ./ajv.ts: the
 * `date-time` function of ./date-time and ajv-formats' full `email` pattern. The Zod schemas
 * (`schemas/zod/`) check those formats with these, so both decide every string alike.
 */
import { fullFormats } from 'ajv-formats/dist/formats';

export { isDateTime } from './date-time';

/** ajv-formats declares each format as the union of every kind of format; `email` is a regular expression. */
export const emailPattern = fullFormats.email as RegExp;
