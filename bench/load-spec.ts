/** What the runner asks of a load-generator process, and what it gets back (bench/load-worker.ts). */
export interface RequestSpec {
  method: 'GET' | 'PUT' | 'POST';
  /** May hold `{id}` (a random whole number from `ids`) and `{rand}` (any random number), new per request. */
  path: string;
  ids?: [number, number];
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadSpec {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  connections: number;
  seconds: number;
  request: RequestSpec;
}

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  /** Latency percentiles in milliseconds (autocannon's resolution is 1 ms). */
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
  /** Server CPU time per answer in microseconds (added by the runner): steadier than req/s on a busy machine. */
  cpuUs?: number;
}
