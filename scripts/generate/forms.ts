/**
 * The string forms the interface states (section 2.1 timestamps, section 2.2 comment dates,
 * section 4.6 e-mail, the address forms of section 2.1) as JSON Schema keywords.
 */
import type { FieldForm } from './model';

/** `<YYYY-MM-DD>T<HH:MM:SS.mmm>Z`, interface section 2.1. */
export const timestampPattern = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$';
/** `<YYYY>/<MM>/<DD> <HH>:<MM>:<SS> +0000`, interface section 2.2. */
export const commentDatePattern = '^[0-9]{4}/[0-9]{2}/[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} \\+0000$';

/** Name of the annotation keyword that keeps an address suffix template for the contract suite. */
export const endsWithKeyword = 'x-ends-with';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function suffixPattern(suffix: string): string {
  return `${escapeRegExp(suffix).replace(escapeRegExp('{id}'), '[0-9]+')}$`;
}

export function formKeywords(form: FieldForm): Record<string, string> {
  switch (form.kind) {
    case 'timestamp':
      return { format: 'date-time', pattern: timestampPattern };
    case 'comment-date':
      return { pattern: commentDatePattern };
    case 'email':
      return { format: 'email' };
    case 'ends-with':
      return { pattern: suffixPattern(form.suffix), [endsWithKeyword]: form.suffix };
  }
}
