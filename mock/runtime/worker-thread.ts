/**
 * Starts one of the mock's worker threads (persist/database-worker.ts, loading/check-worker.ts)
 * from the file beside its caller. The built mock runs the compiled file. Run from source (tests,
 * `npm run dev`) the file is TypeScript, and Node 20 does not hand `--import tsx` on to a worker,
 * so the worker loads tsx first.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { extname, join } from 'node:path';

/** `folder` and `callerFile` are the caller's `__dirname` and `__filename`; `name` the worker's module, without extension. */
export function startWorker(
  folder: string,
  callerFile: string,
  name: string,
  options: Pick<WorkerOptions, 'workerData' | 'transferList'>,
): Worker {
  const file = join(folder, `${name}${extname(callerFile)}`);
  if (extname(file) !== '.ts') return new Worker(file, options);
  const code = `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(file)});`;
  return new Worker(code, { ...options, eval: true });
}
