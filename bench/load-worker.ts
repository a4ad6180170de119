/**
 * The load generator, run as its own process (pinned to its own core by the runner) so that it
 * never shares a CPU with the server it measures: autocannon with the spec given as JSON in
 * argv[2]; prints a LoadResult as JSON.
 */
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load-spec';

/** `{id}` becomes a random whole number from `ids`, `{rand}` any random number (an address never seen before). */
function pathFor(spec: LoadSpec): string {
  const [low, high] = spec.request.ids ?? [1, 1];
  return spec.request.path
    .replace('{id}', String(low + Math.floor(Math.random() * (high - low + 1))))
    .replace('{rand}', String(Math.floor(Math.random() * 1e12)));
}

/**
 * A request with a placeholder in its path is made anew each time; any other is left fixed, so
 * that autocannon writes the same bytes every time instead of building them per request, which
 * cost the load generator enough to become the bound against the fastest servers.
 */
function requestFor(spec: LoadSpec): autocannon.Request {
  const { method, body, headers, path } = spec.request;
  const varies = path.includes('{id}') || path.includes('{rand}');
  return {
    method,
    path: pathFor(spec),
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
    ...(varies ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: pathFor(spec) }) } : {}),
  };
}

/** The value below which `share` of the sorted times fall. */
function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

function main(): void {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  // autocannon's own percentiles are whole milliseconds; its response event has the exact time.
  const times: number[] = [];
  const instance = autocannon(
    { url: spec.origin, connections: spec.connections, duration: spec.seconds, requests: [requestFor(spec)] },
    (error, result) => {
      if (error) throw error;
      const sorted = Float64Array.from(times).sort();
      const summary: LoadResult = {
        rps: result.requests.average,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        total: result.requests.total,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    },
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
}

main();
