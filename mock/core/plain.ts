/**
 * The plain request and answer the core works on (section 4's operations and the control API,
 * whatever carries them): no Node or Express types, so a Node listener, an Express app or a
 * browser's fetch `Request` (MSW) can each translate to and from them.
 */

/** Where the body comes from; read only when the pipeline needs it, so a refused write reads nothing. */
export interface BodySource {
  /** The request declares a body (Content-Length or Transfer-Encoding); a write without one is 415. */
  present: boolean;
  /** The body's bytes after any Content-Encoding; rejects with an ApiError (413 past `limit`, 400 ...). */
  read(limit: number): Promise<Uint8Array>;
  /** The body's bytes as they arrive, encoding and all, for the validating proxy to pass on; where the runtime has them. */
  stream?(): AsyncIterable<Uint8Array>;
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
  /**
   * Calls `gone` once if the client goes away before its answer (the connection closed, the fetch
   * aborted); gives back the way to stop listening. Absent where nothing can tell.
   */
  onClientGone?(gone: () => void): () => void;
}

/**
 * A body sent while it is made (the journal's server-sent events): `open` is called once the head
 * is sent, with the way to send more text, and returns what to do when the client goes away.
 */
/** A body made while the client stays: `open` starts it and returns the way to stop it; the body calls `end` when it has no more. */
export interface StreamedBody {
  open(send: (text: string) => void, end: () => void): () => void;
}

export interface PlainAnswer {
  status: number;
  /** Names as they are sent; order kept; a list is sent as one header line per value (a deployment's `Set-Cookie`). */
  headers: Record<string, string | readonly string[]>;
  /** JSON text (or a variant's own text), or bytes (a file of the workbench); absent for an empty body. */
  body?: string | Uint8Array;
  /** Instead of `body`: a body with no known length, sent as it is made until the client goes. */
  stream?: StreamedBody;
  /**
   * Instead of `body`: bytes passed on as they arrive from elsewhere (a deployment's answer larger
   * than the proxy holds); recorded like a whole answer, without its body. Should it fail, the
   * client's connection is cut, as a deployment breaking off would cut it.
   */
  relayed?: AsyncIterable<Uint8Array>;
}

export const noBody: BodySource = { present: false, read: () => Promise.resolve(new Uint8Array(0)) };

/** A header's first value, as the pipeline reads single-valued headers. */
export function headerValue(request: PlainRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The body as text, for code that reads an answer itself (the OpenAPI examples, the core's tests). */
export const answerText = (answer: PlainAnswer): string =>
  typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body);

/**
 * A request as code builds it, with `json` (when given) as its body: for the core's own tests and
 * for the OpenAPI document's examples, which both drive the core without any adapter.
 */
export function plainJsonRequest(
  method: string,
  url: string,
  json: unknown,
  headers: Record<string, string>,
): PlainRequest {
  const bytes = json === undefined ? undefined : new TextEncoder().encode(JSON.stringify(json));
  return {
    method,
    url,
    originalUrl: url,
    headers: {
      ...(bytes ? { 'content-type': 'application/json', 'content-length': String(bytes.length) } : {}),
      ...headers,
    },
    body: { present: bytes !== undefined, read: () => Promise.resolve(bytes ?? new Uint8Array(0)) },
    fallbackBase: 'http://127.0.0.1:4010',
    protocol: 'http',
  };
}
