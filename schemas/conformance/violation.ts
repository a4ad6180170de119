/**
 * What the judgement reports: one broken statement of the interface per entry, named by a rule of
 * the one rule table below, with the JSON path at fault, what the interface states there and what
 * came back. Plain data, so the contract suite, its random sequences and the validating proxy
 * print the same. Rule names are stable: reports and tests refer to them.
 */
import { describeDifference, kindOf, type DifferenceKind, type PathDifference } from './difference';

export const rules = {
  'media-type': 'a success answer with a body is labelled application/json (all payloads are JSON)',
  'empty-204': 'a 204 answer has an empty body',
  'answer-shape': "a success answer has its operation's stated shape (2.1, 2.2)",
  'answer-is-article': "a write's answer is the article as the next read shows it (4.2, 4.3)",
  'article-shape': 'the article read after a write has the whole 2.1 shape',
  'real-dates': 'every timestamp is a real date in its stated form (2.1, 2.2)',
  'stated-addresses': 'addresses in an answer have their stated form for the right id (2.1)',
  'attributes-unchanged': 'a write changes no attribute but data, updated_at and comments_count (1, 4.2)',
  'data-as-predicted': 'data after a write is exactly what the write states (4.2, 4.3, 4.4, reserved keys)',
  'comments-count-listed': 'comments_count is the number of comments listed (2.1)',
  'comments-count-grows-by-one': 'a posted comment grows comments_count by exactly one (2.1, 4.6)',
  'refused-post-uncounted': 'a post the target refused (any status but 2xx) leaves comments_count as it was (2.1, 4.6)',
  'comment-listed-once': 'a posted comment is listed exactly once at every list address (4.5, 4.6)',
  linearizable:
    'requests sent at once answer and leave what some order of them, as the interface states each, would (4.2, 4.3, 4.4)',
  'posts-all-listed':
    'every acknowledged post is listed exactly once at every list address, however many were sent at once (4.5, 4.6)',
  'posts-all-counted': 'comments_count equals each list and grows by exactly the posts that took effect (2.1, 4.6)',
  'request-shape': "the client's payload has its operation's stated shape (section 4)",
  'stated-status': 'a success answer has the status its operation states (section 4)',
  'error-answer-json': 'an error answer with a body is JSON (section 7: all payloads are JSON)',
  'read-changes-nothing': 'a read changes nothing: the article after it is the one before it (4.1, 4.5)',
} as const;

export type Rule = keyof typeof rules;

export interface Violation {
  rule: Rule;
  /** JSON Pointer into the judged document (`` for the answer itself). */
  path: string;
  expected: string;
  actual: string;
}

export const violation = (rule: Rule, path: string, expected: string, actual: string): Violation => ({
  rule,
  path,
  expected,
  actual,
});

/** One line per violation, its path marked missing, extra or changed: `[rule] /data/k: missing, expected "x"; actual (absent)`. */
export const describeJudged = (violations: Violation[]): string =>
  violations
    .map(
      (found) =>
        `[${found.rule}] ${describeDifference({ pointer: found.path, kind: kindOf(found.expected, found.actual), expected: found.expected, actual: found.actual })}`,
    )
    .join('\n');

/** A line `describeJudged` wrote, read back (a report that has only the text renders it): undefined for any other line. */
export function readJudgedLine(line: string): (PathDifference & { rule: string }) | undefined {
  const [, rule, pointer, kind, expected, actual] =
    /^\[([a-z0-9-]+)\] (\S*): (missing|extra|changed), expected (.*); actual (.*)$/s.exec(line) ?? [];
  if (rule === undefined || pointer === undefined || expected === undefined || actual === undefined) return undefined;
  return { rule, pointer: pointer === '(answer)' ? '' : pointer, kind: kind as DifferenceKind, expected, actual };
}
