/**
 * A line every few seconds while a long step runs, also where no one watches a terminal: a CI log
 * otherwise shows nothing for minutes in front of a slow target, or through a long `--explore`.
 * Each says how far the run is, how long it has taken, and the request waited on longest, in a
 * stable, short form (`contract: runs 120/500, 14 s; waiting on GET <url> for 10 s`). A tick prints
 * only after that long without a line of the run's own, so a run that prints as it goes shows none.
 */
import type { TargetWatch } from '../http/watch';

/** Seconds of silence before a progress line, and between two of them. */
export const progressEveryMs = 5_000;

export interface Heartbeat {
  /** The run printed a line of its own: the silence starts again. */
  printed(): void;
  stop(): void;
}

const seconds = (ms: number): string => `${String(Math.floor(ms / 1000))} s`;

/**
 * `done` (`checks 12/61`), the time since `startedAt`, and the request under way that has waited
 * at least `progressEveryMs`, if any.
 */
export function progressStatus(done: string, startedAt: number, watch: TargetWatch, now = performance.now()): string {
  const waiting = watch.longestWaiting(now);
  const slow =
    waiting && waiting.waitedMs >= progressEveryMs
      ? `; waiting on ${waiting.request.method} ${waiting.request.url} for ${seconds(waiting.waitedMs)}`
      : '';
  return `${done}, ${seconds(now - startedAt)}${slow}`;
}

/** Writes `contract: <status()>` after each `everyMs` without a line; the timer never keeps the process alive. */
export function startHeartbeat(
  status: () => string,
  everyMs = progressEveryMs,
  write: (line: string) => void = (line) => process.stdout.write(line),
): Heartbeat {
  let last = performance.now();
  const timer = setInterval(
    () => {
      if (performance.now() - last < everyMs) return;
      write(`contract: ${status()}\n`);
      last = performance.now();
    },
    Math.max(10, everyMs / 5),
  );
  timer.unref();
  return {
    printed: () => {
      last = performance.now();
    },
    stop: () => {
      clearInterval(timer);
    },
  };
}
