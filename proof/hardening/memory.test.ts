/**
 * Memory stays flat under sustained writes to the same keys. The journal is bounded in
 * entries and in body bytes (mock/journal/request-journal.ts), the state does not grow when the same keys are rewritten, and the heap
 * after garbage collection grows by far less than the bodies sent.
 *
 * What this proves: no per-request retention of more than a few hundred bytes (a retained body,
 * answer or journal entry would show as tens of MB). It does not prove the absence of slower leaks;
 * `npm run fuzz` with a large count is the long-running check.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startMock, type Harness } from './harness';
import { write } from './requests';
import { journalMaxBytes } from '../../mock/journal/record-exchange';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let harness: Harness;
beforeAll(async () => {
  harness = await startMock();
});
afterAll(() => harness.close());

const valueBytes = 32_768;
const keys = 2;
const inFlight = 8;

/**
 * `count` writes, `inFlight` at a time, cycling over the same keys with same-sized new values.
 * Returns the characters of the values the mock stored, as its answers show them back.
 */
async function sustainedWrites(count: number, offset: number): Promise<number> {
  let stored = 0;
  for (let start = 0; start < count; start += inFlight) {
    await Promise.all(
      Array.from({ length: inFlight }, async (_, lane) => {
        const round = offset + start + lane;
        const key = `key_${round % keys}`;
        const answer = await write(harness, 'PUT', `/admin/api/articles/2/data/${key}`, {
          value: String(round).padStart(valueBytes, 'v'),
        });
        if (answer.status !== 200) throw new Error(`write ${round} answered ${answer.status}`);
        stored += String((answer.body as { data: Record<string, unknown> }).data[key]).length;
      }),
    );
  }
  return stored;
}

function heapAfterCollection(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

test('keeps the journal, the state and the heap flat under sustained writes to the same keys', async () => {
  await sustainedWrites(600, 0);
  const stateSize = JSON.stringify(harness.mock.state()).length;
  const heapBefore = heapAfterCollection();
  const stored = await sustainedWrites(3000, 600);
  const growth = heapAfterCollection() - heapBefore;
  // Each write keeps ~97 kB of bodies (the 32 kB value sent, and the answer, the whole article, cut
  // at the journal's 64 kB), so the byte bound, not the 200 entries, is what holds the journal here.
  const journal = harness.mock.journal();
  const bodyBytes = journal.reduce(
    (sum, entry) =>
      sum + JSON.stringify(entry.requestBody ?? '').length + JSON.stringify(entry.responseBody ?? '').length,
    0,
  );
  expect(journal.length).toBeGreaterThan(100);
  expect(journal.length).toBeLessThan(200);
  expect(bodyBytes).toBeLessThanOrEqual(journalMaxBytes);
  expect(JSON.stringify(harness.mock.state()).length).toBe(stateSize);
  // The values the mock took in and stored during the second phase add up to about 98 MB.
  expect(stored).toBeGreaterThan(98_000_000);
  expect(growth).toBeLessThan(4 * 1024 * 1024);
}, 60_000);
