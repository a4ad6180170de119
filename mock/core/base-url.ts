/**
 * The base address for the addresses in answers (2.1's `url`, `contents_url`, ...): the request's
 * Host as the client addressed the mock, or the listener's own address when Host is unusable or
 * too long to echo.
 */
import { maxHostLength } from './limits';
import { headerValue, type PlainRequest } from './plain';

const safeHost = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

export function baseUrl(request: PlainRequest): string {
  const host = headerValue(request, 'host');
  if (host && host.length <= maxHostLength && safeHost.test(host)) return `${request.protocol}://${host}`;
  return request.fallbackBase;
}
