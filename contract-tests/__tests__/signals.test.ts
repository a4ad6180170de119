/** Interrupts during the restore: the first warns, the second abandons (process.emit stands in for a real signal). */
import { exitCodeOf, holdingSignals, type StopSignal } from '../signals';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function recorder(): {
  calls: string[];
  handlers: { warn(signal: StopSignal): void; abandon(signal: StopSignal): void };
} {
  const calls: string[] = [];
  return {
    calls,
    handlers: { warn: (signal) => calls.push(`warn ${signal}`), abandon: (signal) => calls.push(`abandon ${signal}`) },
  };
}

test('only warns at the first signal and lets the work finish', async () => {
  const { calls, handlers } = recorder();
  const outcome = await holdingSignals(async () => {
    await tick();
    process.emit('SIGINT');
    await tick();
    return 'restored';
  }, handlers);
  expect(outcome).toEqual({ result: 'restored', signal: 'SIGINT' });
  expect(calls).toEqual(['warn SIGINT']);
});

test.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('abandons at the second signal, %s included', async (second) => {
  const { calls, handlers } = recorder();
  await holdingSignals(async () => {
    process.emit('SIGHUP');
    process.emit(second);
    await tick();
  }, handlers);
  expect(calls).toEqual(['warn SIGHUP', `abandon ${second}`]);
});

test('stops listening once the work is done', async () => {
  const counts = (): number[] => ['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => process.listenerCount(signal));
  const before = counts();
  await holdingSignals(() => Promise.resolve(), recorder().handlers);
  expect(counts()).toEqual(before);
});

test.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)('exits a %s run with %i', (signal, code) => {
  expect(exitCodeOf(signal)).toBe(code);
});
