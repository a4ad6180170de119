/**
 * The fetch API side of the core (section 4's operations and the control API through MSW, in a
 * browser or in Node): a fetch `Request` becomes a PlainRequest, a PlainAnswer becomes a
 * `Response`, a streamed body a `ReadableStream`. Only web-standard APIs, so this runs wherever MSW does.
 */
import { ApiError, bodyTooLarge } from '../core/api-error';
import type { BodySource, PlainAnswer, PlainRequest, StreamedBody } from '../core/plain';

/** Reads the body once, when the pipeline asks; only identity bodies, as fetch sends them. */
function bodyOf(request: Request): BodySource {
  return {
    present: request.body !== null,
    read: async (limit) => {
      const encoding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
      if (encoding !== 'identity')
        throw new ApiError('unsupportedMediaType', { message: `Unsupported body encoding: "${encoding}"` });
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength > limit) throw bodyTooLarge(limit);
      return bytes;
    },
  };
}

export function plainRequestOf(request: Request): PlainRequest {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    method: request.method,
    url: target,
    originalUrl: target,
    headers,
    body: bodyOf(request),
    // A browser's fetch shows no Host header: the origin the page called stands in for it.
    fallbackBase: url.origin,
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    onClientGone: (gone) => {
      const { signal } = request;
      if (signal.aborted) {
        gone();
        return () => undefined;
      }
      signal.addEventListener('abort', gone, { once: true });
      return () => {
        signal.removeEventListener('abort', gone);
      };
    },
  };
}

/** The stream's text as bytes, until the reader cancels (the client went away). */
function readableOf(stream: StreamedBody): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = (): void => undefined;
  return new ReadableStream({
    start(controller) {
      stop = stream.open(
        (text) => {
          controller.enqueue(encoder.encode(text));
        },
        () => {
          controller.close();
        },
      );
    },
    cancel() {
      stop();
    },
  });
}

export const responseOf = (answer: PlainAnswer): Response =>
  new Response(answer.stream ? readableOf(answer.stream) : (answer.body ?? null), {
    status: answer.status,
    headers: answer.headers,
  });
