/**
 * `--duration`: random sequences side by side for a while, each on its own keys. A target whose key
 * writes copy the whole data and write it back loses one sequence's key to another's write only when
 * they overlap, so only sequences side by side find it; the correct mock passes.
 */
import { brokenVariants } from '../variants';
import { startInProcessMock } from '../../contract-tests/in-process';
import { LoadTally, runForDuration } from '../../contract-tests/explore/duration';
import { runTimeout } from './run-against';

async function runFor(
  rules: object,
  concurrency: number,
  durationMs = 3000,
): Promise<{ failure?: string; tally: LoadTally }> {
  const target = await startInProcessMock({ rules, validateResponses: false });
  try {
    const tally = new LoadTally();
    const report = await runForDuration(
      { baseUrl: target.baseUrl, articleIds: [1, 2], maxInFlight: concurrency },
      { durationMs, concurrency, seed: 11, comments: false, tally },
    );
    return { ...(report.failure ? { failure: report.failure.text } : {}), tally };
  } finally {
    await target.close();
  }
}

describe('sequences kept going for a while (--duration)', () => {
  test(
    'pass the correct mock, with requests answered and sequences judged',
    async () => {
      const { failure, tally } = await runFor({}, 8);
      expect(failure).toBeUndefined();
      expect(tally.sequences).toBeGreaterThan(0);
      expect(tally.requests).toBeGreaterThan(0);
      expect(tally.violations).toBe(0);
    },
    runTimeout,
  );

  test(
    'find a target that loses key writes made at once, shrunk to a sequence',
    async () => {
      const { failure, tally } = await runFor(brokenVariants['racy-set-key-loses-keys']?.rules ?? {}, 8, 6000);
      expect(failure).toMatch(/breaks the interface/);
      expect(tally.violations).toBeGreaterThan(0);
    },
    runTimeout * 6,
  );
});
