/**
 * The plain request and answer the core works on (section 4's operations, whatever carries them):
 * no Node or Express types, so a Node listener, an Express router or a browser's fetch `Request`
 * (MSW) can each translate to and from them.
 */

/** Where the body comes from; read only when the pipeline needs it, so a refused write reads nothing. */
export interface BodySource {
  /** The request declares a body (Content-Length or Transfer-Encoding); a write without one is 415. */
  present: boolean;
  /** The body's bytes after any Content-Encoding; rejects with an ApiError (413 past `limit`, 400 ...). */
  read(limit: number): Promise<Uint8Array>;
}

export interface PlainRequest {
  method: string;
  /** The request target as routed (path and query); in a mounted app, relative to the mount. */
  url: string;
  /** The target as the client sent it: used for addresses in answers and for the journal. */
  originalUrl: string;
  /** Lower-case names; repeated lines joined as Node joins them. */
  headers: Record<string, string | string[] | undefined>;
  body: BodySource;
  /** `http://address:port` of the listener, used when the Host header is unusable. */
  fallbackBase: string;
  /** `https` when the connection is encrypted. */
  protocol: 'http' | 'https';
}

export interface PlainAnswer {
  status: number;
  /** Names as they are sent; order kept. */
  headers: Record<string, string>;
  /** JSON text (or a variant's own text); absent for an empty body. */
  body?: string;
}

export const noBody: BodySource = { present: false, read: () => Promise.resolve(new Uint8Array(0)) };

/** A header's first value, as the pipeline reads single-valued headers. */
export function headerValue(request: PlainRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
