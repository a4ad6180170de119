/**
 * Loaded into the contract command's process by `--duration-only` (bench/duration.ts), with
 * `node --expose-gc --require`: at every interval a full garbage collection, then the heap left and
 * the process's resident memory, sent to the bench over the IPC channel. What is left after a full
 * collection is what the run keeps; the heap between collections is garbage not yet swept. The
 * suite knows nothing of it.
 */

/** What the bench gets at each interval, and once more as the run ends. */
export interface HeapSample {
  /** Seconds since the process started. */
  at: number;
  heapAfterGcMb: number;
  rssMb: number;
  final: boolean;
}

const everyMs = Number(process.env.BENCH_SAMPLE_MS ?? '60000');
const collect = (globalThis as { gc?: () => void }).gc;

function send(final: boolean): void {
  if (!collect || !process.send) return;
  collect();
  const { heapUsed, rss } = process.memoryUsage();
  const sample: HeapSample = { at: process.uptime(), heapAfterGcMb: heapUsed / 1e6, rssMb: rss / 1e6, final };
  process.send(sample);
}

// Neither the channel nor the timer keeps the command running once its run is over.
process.channel?.unref();
setInterval(() => {
  send(false);
}, everyMs).unref();
process.once('beforeExit', () => {
  send(true);
});
