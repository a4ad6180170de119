/** Progress lines: after a silence only, saying how far the run is and what it waits on. */
import type { SentRequest } from '../http/curl';
import { TargetWatch } from '../http/watch';
import { progressEveryMs, progressStatus, startHeartbeat } from './progress';

afterEach(() => {
  jest.useRealTimers();
});

const request: SentRequest = { method: 'GET', url: 'http://h/admin/api/articles/1', headers: {}, withToken: false };

test('says how far the run is and how long it took, and the request waited on once it has waited long', () => {
  const watch = new TargetWatch();
  const startedAt = performance.now();
  expect(progressStatus('runs 3/10', startedAt, watch, startedAt + 14_400)).toBe('runs 3/10, 14 s');
  watch.sending(request);
  expect(progressStatus('runs 3/10', startedAt, watch, startedAt + progressEveryMs - 100)).toBe('runs 3/10, 4 s');
  expect(progressStatus('checks 1/9', startedAt, watch, startedAt + 10_500)).toBe(
    'checks 1/9, 10 s; waiting on GET http://h/admin/api/articles/1 for 10 s',
  );
});

test('forgets a request once it is answered', () => {
  const watch = new TargetWatch();
  const answered = watch.sending(request);
  answered();
  expect(watch.longestWaiting()).toBeUndefined();
});

test('prints a line after each silence of its period, none while the run prints its own, none once stopped', () => {
  jest.useFakeTimers();
  const lines: string[] = [];
  let ticks = 0;
  const heartbeat = startHeartbeat(
    () => `tick ${String((ticks += 1))}`,
    300,
    (line) => lines.push(line),
  );
  jest.advanceTimersByTime(299);
  expect(lines).toEqual([]);
  jest.advanceTimersByTime(301);
  expect(lines).toEqual(['contract: tick 1\n', 'contract: tick 2\n']);
  lines.length = 0;
  // The run prints a line every 30 ms, well within the period: no progress line comes between.
  for (let printed = 0; printed < 15; printed += 1) {
    heartbeat.printed();
    jest.advanceTimersByTime(30);
  }
  expect(lines).toEqual([]);
  heartbeat.stop();
  jest.advanceTimersByTime(3_000);
  expect(lines).toEqual([]);
});
