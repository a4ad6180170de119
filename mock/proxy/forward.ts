/**
 * The one module of the proxy that talks to the deployment. It sends the client's request on
 * (streamed, with at most the first 1 MB kept for judging) and resolves once the answer is either
 * complete within 1 MB or has outgrown it; the rest then stays in the upstream stream for the
 * caller to pipe on, so no answer is ever held whole in memory.
 */
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { carriesToken, endToEndHeaders } from './headers';
import { UpstreamTimeout } from './upstream-errors';

/** Bodies up to this size are judged; larger ones pass through unjudged (the 1 MB). */
export const judgedBodyLimit = 1024 * 1024;

export interface Upstream {
  base: URL;
  timeoutMs: number;
  /** Added as X-API-TOKEN when the client sent no token of its own. */
  token?: string;
}

export interface UpstreamAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The body read so far: all of it when `rest` is undefined. */
  head: Buffer;
  /** The unread remainder of a body over the limit, paused. */
  rest?: IncomingMessage;
}

export interface ForwardedRequest {
  method: string;
  /** Path and query, relative to the deployment's base address. */
  target: string;
  headers: OutgoingHttpHeaders;
  /** Body to stream on (the client's request, as it arrives), or a body already in hand. */
  body?: AsyncIterable<Uint8Array> | Buffer;
  /** Aborts the exchange when the client goes away. */
  signal?: AbortSignal;
}

/** The deployment's address for a request target, keeping a base path such as `/v1`. */
export function upstreamUrl(base: URL, target: string): URL {
  const basePath = base.pathname.replace(/\/$/, '');
  return new URL(`${base.origin}${basePath}${target}`);
}

/** Node ends a body cut short by the deployment like a whole one, only `complete` tells them apart. */
export class IncompleteAnswer extends Error {
  override name = 'IncompleteAnswer';
  readonly code = 'ECONNRESET';
}

function collect(
  answer: IncomingMessage,
  done: (head: Buffer, rest?: IncomingMessage) => void,
  failed: (error: Error) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer): void => {
    chunks.push(chunk);
    size += chunk.length;
    if (size <= judgedBodyLimit) return;
    answer.off('data', onData).off('end', onEnd).pause();
    done(Buffer.concat(chunks), answer);
  };
  const onEnd = (): void => {
    if (answer.complete) done(Buffer.concat(chunks));
    else failed(new IncompleteAnswer('the body ended before its stated length'));
  };
  answer.on('data', onData).on('end', onEnd);
}

/** Sends a request to the deployment; rejects (never throws) on refusal, timeout, reset or garbage. */
export function forward(upstream: Upstream, outgoing: ForwardedRequest): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const url = upstreamUrl(upstream.base, outgoing.target);
    const headers = { ...outgoing.headers };
    if (upstream.token !== undefined && !carriesToken(headers, outgoing.target))
      headers['x-api-token'] = upstream.token;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: outgoing.method,
      headers,
      ...(outgoing.signal ? { signal: outgoing.signal } : {}),
    });
    request.setTimeout(upstream.timeoutMs, () => request.destroy(new UpstreamTimeout()));
    request.on('error', reject);
    request.on('response', (answer) => {
      answer.on('error', reject);
      collect(
        answer,
        (head, rest) => {
          const status = answer.statusCode ?? 502;
          resolve({ status, headers: endToEndHeaders(answer.rawHeaders), head, ...(rest ? { rest } : {}) });
        },
        reject,
      );
    });
    if (outgoing.body === undefined) request.end();
    else if (Buffer.isBuffer(outgoing.body)) request.end(outgoing.body);
    else {
      const body = Readable.from(outgoing.body, { objectMode: false });
      // The client breaking off its body ends the exchange as it would have ended directly.
      body.on('error', (error) => request.destroy(error));
      body.pipe(request);
    }
  });
}
