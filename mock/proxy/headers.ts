/**
 * Headers as they cross the proxy: everything end to end is passed on unchanged, the hop-by-hop
 * headers of RFC 9110 section 7.6.1 are not (each connection has its own), and `Host` is the
 * deployment's, so the addresses in its answers stay its own.
 */
import type { OutgoingHttpHeaders } from 'node:http';

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Node's raw name/value list, without hop-by-hop headers, repeated names kept as lists. */
export function endToEndHeaders(rawHeaders: string[]): OutgoingHttpHeaders {
  const headers: Record<string, string[]> = {};
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] ?? '';
    if (hopByHop.has(name.toLowerCase())) continue;
    (headers[name.toLowerCase()] ??= []).push(rawHeaders[index + 1] ?? '');
  }
  return Object.fromEntries(
    Object.entries(headers).map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
  );
}

/** A request's headers as the core has them (lower-case names, repeated lines joined), without hop-by-hop headers. */
export function endToEndRequestHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !hopByHop.has(name)) kept[name] = value;
  }
  return kept;
}

/** The header or query parameter a client authenticates with (api-conventions: X-API-TOKEN or api_token). */
export function carriesToken(headers: OutgoingHttpHeaders, target: string): boolean {
  if (headers['x-api-token'] !== undefined) return true;
  const query = target.split('?')[1] ?? '';
  return new URLSearchParams(query).has('api_token');
}
