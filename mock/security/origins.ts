/**
 * Whether a request comes from the mock's own page. Browsers send `Origin` with every request that
 * is not a GET or HEAD, form posts included, and `Sec-Fetch-Site` where they support it; tools
 * such as curl send neither, and are the user acting directly, so they pass.
 */
export type Headers = Readonly<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/** The origin a browser states for the request: `Origin`, else the origin of `Referer`. */
export function statedOrigin(headers: Headers): string | undefined {
  const origin = single(headers.origin);
  if (origin !== undefined) return origin;
  const referer = single(headers.referer);
  return referer === undefined ? undefined : (originOf(referer) ?? 'null');
}

/** The mock's own origin as this request reached it. */
export const ownOrigin = (headers: Headers, protocol = 'http'): string =>
  `${protocol}://${(single(headers.host) ?? '').toLowerCase()}`;

/** True when a browser says the request comes from another origin (another port counts as another origin). */
export function isCrossOrigin(headers: Headers, protocol = 'http'): boolean {
  const site = single(headers['sec-fetch-site']);
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = statedOrigin(headers);
  return origin !== undefined && origin.toLowerCase() !== ownOrigin(headers, protocol);
}
