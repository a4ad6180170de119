/**
 * Requests of one check sent at once end as one at a time would: every one is waited
 * for, so none is still under way when the check goes on, and the first failure in the order given
 * is the one reported, whichever came first in time. Typed as `Promise.all`.
 */
export async function allInOrder<T extends readonly unknown[] | []>(
  work: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled: PromiseSettledResult<unknown>[] = await Promise.allSettled(work as readonly unknown[]);
  const values: unknown[] = [];
  for (const one of settled) {
    if (one.status === 'rejected') throw one.reason;
    values.push(one.value);
  }
  return values as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
