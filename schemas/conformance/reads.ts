/**
 * What reads leave (4.1 and 4.5 change `nothing`, as the operations table states): the article read
 * after them is the one read before them, but for `updated_at`, which writes of others in between
 * may move, and the summaries' own fields, compared by id as after a write (attributes.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { changedAttributes } from './attributes';
import { showValue } from './difference';
import { dataDifferences } from './write';
import { violation, type Violation } from './violation';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every way the article read after some reads differs from the one read before them. */
export function judgeReads({
  before,
  after,
}: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}): Violation[] {
  const attributes = changedAttributes(before, after).map((change) =>
    violation('read-changes-nothing', `/${change.field}`, showValue(change.before), showValue(change.now)),
  );
  const data =
    isRecord(before.data) && isRecord(after.data)
      ? dataDifferences('read-changes-nothing', after.data, before.data)
      : [];
  const count = isDeepStrictEqual(before.comments_count, after.comments_count)
    ? []
    : [
        violation(
          'read-changes-nothing',
          '/comments_count',
          showValue(before.comments_count),
          showValue(after.comments_count),
        ),
      ];
  return [...attributes, ...data, ...count];
}
