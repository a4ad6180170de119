/**
 * Which `Host` headers the mock serves. A web page can make its browser send requests to the
 * mock under a name the attacker controls (DNS rebinding); such requests carry that name in
 * `Host`, so refusing unknown names keeps every route out of reach. IP literals cannot be
 * rebound, so they pass, as in Vite's and webpack-dev-server's host checks.
 */

export interface HostPolicy {
  /** The address the server listens on (`--host`), served under its own name. */
  listenHost?: string;
  /** Names given with `--allowed-host`; a leading dot allows every subdomain. */
  allowedHosts: readonly string[];
}

/** The host name of a `Host` header (or a bare address such as `--host ::1`), without port, brackets or a trailing dot, lower-case. */
export function hostName(header: string): string {
  const trimmed = header.trim().toLowerCase();
  const bareIpv6 = trimmed.indexOf(':') !== trimmed.lastIndexOf(':') && !trimmed.startsWith('[');
  const name = trimmed.startsWith('[')
    ? trimmed.slice(1, trimmed.indexOf(']'))
    : bareIpv6
      ? trimmed
      : trimmed.replace(/:[0-9]*$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** 4 or 6 for an IPv4 or IPv6 literal, else 0; written here so the module also runs in a browser. */
function isIP(name: string): 0 | 4 | 6 {
  const parts = name.split('.');
  if (parts.length === 4 && parts.every((part) => /^[0-9]{1,3}$/.test(part) && Number(part) <= 255)) return 4;
  return name.includes(':') && /^[0-9a-f:.]+$/.test(name) ? 6 : 0;
}

const isLocalName = (name: string): boolean => name === 'localhost' || name.endsWith('.localhost');

function matchesAllowed(name: string, allowed: string): boolean {
  const wanted = allowed.trim().toLowerCase();
  if (wanted.startsWith('.')) return name === wanted.slice(1) || name.endsWith(wanted);
  return name === wanted;
}

/** True when a request with this `Host` may be served; a request without one names no host to rebind. */
export function isAllowedHost(header: string | undefined, policy: HostPolicy): boolean {
  if (header === undefined || header === '') return true;
  const name = hostName(header);
  if (isIP(name) !== 0 || isLocalName(name)) return true;
  if (policy.listenHost !== undefined && name === hostName(policy.listenHost)) return true;
  return policy.allowedHosts.some((allowed) => matchesAllowed(name, allowed));
}

/** Loopback addresses and names: binding to one of them keeps the network out. */
export function isLoopback(address: string): boolean {
  const name = hostName(address);
  if (isLocalName(name) || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}
