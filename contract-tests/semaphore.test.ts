/** At most `size` tasks at once, the rest started in the order they asked, a failed one's permit given back. */
import { Semaphore } from './semaphore';

test('runs at most size tasks at once and starts the waiting ones in the order they asked', async () => {
  const semaphore = new Semaphore(2);
  const started: number[] = [];
  const finish: (() => void)[] = [];
  const tasks = [0, 1, 2, 3].map((task) =>
    semaphore.take(async () => {
      started.push(task);
      await new Promise<void>((resolve) => finish.push(resolve));
    }),
  );
  await Promise.resolve();
  expect(started).toEqual([0, 1]);
  finish[1]?.();
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual([0, 1, 2]);
  finish[0]?.();
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual([0, 1, 2, 3]);
  for (const resolve of finish) resolve();
  await Promise.all(tasks);
});

test('gives a failed task’s permit back', async () => {
  const semaphore = new Semaphore(1);
  await expect(semaphore.take(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
  await expect(semaphore.take(() => Promise.resolve('next'))).resolves.toBe('next');
});
