/**
 * The handlers' URL patterns narrowed to the origins of the base addresses given (`baseUrl` of
 * `createHandlers`), so that a request to another origin, such as a local server in the same test
 * process, matches none of them and goes on to the next handler or to the network.
 */
import { anyOrigin } from '../core/route-table';

const escaped = (text: string): string => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** The origin of one base address; a path, query or anything but http(s) is refused, naming the address. */
function originOf(base: string): string {
  const url = URL.canParse(base) ? new URL(base) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search !== '' || url.hash !== '')
    throw new TypeError(
      `baseUrl must be an http:// or https:// origin such as https://api.example.com, not "${base}" (the mock serves the interface's paths from the root)`,
    );
  return url.origin;
}

/** Each pattern (any origin, then a path) made to match only at the given base addresses' origins. */
export function atOrigins(patterns: readonly RegExp[], baseUrl: string | readonly string[]): RegExp[] {
  const bases = typeof baseUrl === 'string' ? [baseUrl] : baseUrl;
  if (bases.length === 0) throw new TypeError('baseUrl must name at least one address');
  const origins = `(?:${bases.map((base) => escaped(originOf(base))).join('|')})`;
  const anyAtStart = new RegExp(`^${anyOrigin}`).source;
  return patterns.map((pattern) => {
    if (!pattern.source.startsWith(anyAtStart)) throw new Error(`not a pattern at any origin: ${pattern.source}`);
    return new RegExp(`^${origins}${pattern.source.slice(anyAtStart.length)}`, pattern.flags);
  });
}
