/**
 * The base address for the addresses in answers (2.1's `url`, `contents_url`, ...): the request's
 * Host as the client addressed the mock, or the listener's own address when Host is unusable or
 * too long to echo.
 */
import { maxHostLength } from './limits';
import { headerValue, type PlainRequest } from './plain';

const safeHost = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/**
 * The last base made from a Host, given again while requests name the same Host and protocol
 * (nearly all do): no pattern is run, and the response cache's key is built from a string whose
 * hash V8 already keeps.
 */
let last = { protocol: '', host: '', base: '' };

export function baseUrl(request: PlainRequest): string {
  const host = headerValue(request, 'host');
  if (host !== undefined && host === last.host && request.protocol === last.protocol) return last.base;
  if (host && host.length <= maxHostLength && safeHost.test(host)) {
    last = { protocol: request.protocol, host, base: `${request.protocol}://${host}` };
    return last.base;
  }
  return request.fallbackBase;
}
