/**
 * Collects what a request and its answer carried on Node's own objects, for the journal: the
 * request's body as the body parser reads it (a copy of each 'data' chunk it is handed, so the
 * flow of the stream is unchanged, and nothing when no route read the body), and the answer's
 * bytes as written. Only the first 64 kB + 1 byte of each body are kept; the rest is counted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitBytes, type RecordedAnswer, type RecordedRequest } from './exchange';

class Bytes {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  add(chunk: unknown, encoding?: unknown): void {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    this.total += bytes.length;
    if (this.kept > bodyLimitBytes) return;
    const room = bodyLimitBytes + 1 - this.kept;
    const part = bytes.length > room ? bytes.subarray(0, room) : bytes;
    this.chunks.push(part);
    this.kept += part.length;
  }

  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export type Exchange = (request: RecordedRequest, answer: RecordedAnswer) => void;

/** Calls `done` once the answer is sent, with the request and the answer in plain form. */
export function captureExchange(request: IncomingMessage, response: ServerResponse, url: string, done: Exchange): void {
  const sent = new Bytes();
  const received = new Bytes();
  const emit = request.emit.bind(request) as (event: string | symbol, ...args: unknown[]) => boolean;
  request.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'data') received.add(args[0]);
    return emit(event, ...args);
  }) as typeof request.emit;
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((...args: unknown[]): boolean => {
    sent.add(args[0], args[1]);
    return write(...args);
  }) as typeof response.write;
  response.end = ((...args: unknown[]): ServerResponse => {
    sent.add(args[0], args[1]);
    return end(...args);
  }) as typeof response.end;
  response.on('finish', () => {
    done(
      {
        method: request.method ?? '',
        url,
        headers: request.headers,
        body: received.buffer(),
        bodyBytes: received.total,
      },
      { status: response.statusCode, headers: response.getHeaders(), body: sent.buffer(), bodyBytes: sent.total },
    );
  });
}
