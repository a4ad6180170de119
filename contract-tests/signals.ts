/**
 * Interrupts during the restore at the end of `npm run contract`. Stopping the restore halfway
 * would leave the run's keys on the target, so the first SIGINT, SIGTERM or SIGHUP only warns and the second abandons.
 */
import { constants } from 'node:os';

export const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof stopSignals)[number];

/** The shell's exit code for a process ended by `signal`: 130, 143, 129. */
export const exitCodeOf = (signal: StopSignal): number => 128 + constants.signals[signal];

export interface SignalHandlers {
  /** The first signal: the work goes on. */
  warn(signal: StopSignal): void;
  /** The second signal: the caller gives up (typically ends the process). */
  abandon(signal: StopSignal): void;
}

/** Runs `work` with the stop signals held as above; says which signal, if any, came meanwhile. */
export async function holdingSignals<T>(
  work: () => Promise<T>,
  handlers: SignalHandlers,
): Promise<{ result: T; signal?: StopSignal }> {
  let received: StopSignal | undefined;
  const onSignal = (signal: StopSignal): void => {
    if (received === undefined) {
      received = signal;
      handlers.warn(signal);
    } else {
      handlers.abandon(signal);
    }
  };
  // One listener per signal, so the name never depends on what the emitter passes along.
  const listeners = stopSignals.map(
    (signal) =>
      [
        signal,
        () => {
          onSignal(signal);
        },
      ] as const,
  );
  for (const [signal, listener] of listeners) process.on(signal, listener);
  try {
    const result = await work();
    return received === undefined ? { result } : { result, signal: received };
  } finally {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  }
}

/**
 * A contract run's hold on the stop signals: the first says what stops (`what`), calls `onStop` and
 * lets the work go on to its restore; a second abandons the restore, naming the keys that may be
 * left (`marker`), and ends the process. `work` is told whether a signal came.
 */
export async function runUntilRestored<T>(
  what: string,
  marker: string,
  onStop: () => void,
  work: (stopped: () => boolean) => Promise<T>,
): Promise<{ result: T; signal?: StopSignal }> {
  let stop: StopSignal | undefined;
  return holdingSignals(() => work(() => stop !== undefined), {
    warn: (signal) => {
      stop = signal;
      onStop();
      console.error(
        `\ncontract: ${signal}: stopping ${what}; the articles' data is restored next (press Ctrl-C again to abandon)`,
      );
    },
    abandon: (signal) => {
      console.error(`\ncontract: restore abandoned; data keys starting with ${marker} may be left on the target`);
      process.exit(exitCodeOf(signal));
    },
  });
}
