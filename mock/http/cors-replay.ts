/**
 * The CORS middleware's headers for the fast path, without running it on every request. For a
 * method other than OPTIONS and fixed options, what `cors` sets depends only on the request's
 * Origin header (the allowed origin, `Vary: Origin`, the exposed headers). So the first request
 * from each origin runs the real middleware and notes what it set, names as written and in order;
 * later ones from that origin get the same headers. Profiles put `cors` at about 7 % of a request.
 */
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';

type Next = (error?: unknown) => void;
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void;
type Headers = [string, OutgoingHttpHeader | number][];
/** Names as written (Node 15.13+ has it; @types/node does not declare it here). */
type WithRawNames = ServerResponse & { getRawHeaderNames(): string[] };

/** Origins remembered; a page has one, a test a few; beyond that the middleware simply runs. */
const rememberedOrigins = 64;

export function corsReplay(cors: Middleware): Middleware {
  const byOrigin = new Map<string | undefined, Headers>();
  return (request, response, next) => {
    const origin = request.headers.origin;
    const known = request.method === 'OPTIONS' ? undefined : byOrigin.get(origin);
    if (known) {
      for (const [name, value] of known) response.setHeader(name, value);
      next();
      return;
    }
    const before = (response as WithRawNames).getRawHeaderNames().length;
    cors(request, response, (error) => {
      if (
        (error === undefined || error === null) &&
        before === 0 &&
        request.method !== 'OPTIONS' &&
        byOrigin.size < rememberedOrigins
      ) {
        const set = (response as WithRawNames).getRawHeaderNames().slice(before);
        byOrigin.set(
          origin,
          set.map((name): Headers[number] => [name, response.getHeader(name) ?? '']),
        );
      }
      next(error);
    });
  };
}
