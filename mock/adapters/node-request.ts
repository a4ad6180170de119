/**
 * From Node's IncomingMessage to the core's plain request (core/plain.ts). The Node-only parts
 * live here: the socket's address, and reading the body with Content-Encoding inflated (gzip,
 * deflate, br) and the size limit counted after inflation, so a small bomb is still 413.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ApiError, bodyTooLarge } from '../core/api-error';
import type { BodySource, PlainRequest } from '../core/plain';

const inflaters: Record<string, (() => NodeJS.ReadWriteStream) | undefined> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

function decodedStream(request: IncomingMessage): Readable {
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return request;
  const inflater = inflaters[encoding];
  if (!inflater) {
    throw new ApiError('unsupportedMediaType', { message: `Unsupported body encoding: "${encoding}"` });
  }
  return request.pipe(inflater()) as unknown as Readable;
}

/** Leaves the rest of a refused body unread but flowing, so the connection stays usable. */
function drain(request: IncomingMessage): void {
  request.unpipe();
  request.resume();
}

/** Reads the whole body after inflation; 413 past `limit`, 400 when it is cut short or does not inflate. */
function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // Later events of a settled read are ignored, not unsubscribed: the request is dropped soon after.
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const refuse = (error: ApiError): void => {
      settle(() => {
        chunks.length = 0;
        drain(request);
        reject(error);
      });
    };
    const declared = Number(request.headers['content-length']);
    if (request.headers['content-encoding'] === undefined && declared > limit) {
      refuse(bodyTooLarge(limit));
      return;
    }
    const stream = decodedStream(request);
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      chunks.push(chunk);
      if (size > limit) refuse(bodyTooLarge(limit));
    });
    stream.on('end', () => {
      settle(() => {
        resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
      });
    });
    stream.on('error', (error) => {
      refuse(new ApiError('badRequest', { message: `The request body could not be read: ${error.message}` }));
    });
    request.on('aborted', () => {
      settle(() => {
        reject(new ApiError('badRequest', { message: 'The request was aborted.' }));
      });
    });
  });
}

function bodySource(request: IncomingMessage): BodySource {
  const present = request.headers['transfer-encoding'] !== undefined || request.headers['content-length'] !== undefined;
  return { present, read: (limit) => readBody(request, limit), stream: () => request };
}

function fallbackBase(address: string, port: number, protocol: string): string {
  const shown = address.includes(':') ? `[${address}]` : address;
  return `${protocol}://${shown}:${String(port)}`;
}

type NodeRequest = IncomingMessage & { originalUrl?: string };

/**
 * Who waits for each socket to close: one 'close' listener a socket, however many requests it
 * carries wait at once (pipelined), so Node never warns of too many listeners.
 */
const waitingForClose = new WeakMap<Socket, Set<() => void>>();

function goneListeners(socket: Socket): Set<() => void> {
  let waiting = waitingForClose.get(socket);
  if (waiting) return waiting;
  const listeners = new Set<() => void>();
  waitingForClose.set(socket, listeners);
  socket.once('close', () => {
    waitingForClose.delete(socket);
    for (const gone of listeners) gone();
  });
  waiting = listeners;
  return waiting;
}

/**
 * One object a request: the body source and the listener's address are made only when the
 * pipeline asks (a read never reads a body, and the address is used only when Host is unusable).
 * The socket's address is read on arrival, while the socket is open; only the text is made later.
 */
class NodePlainRequest implements PlainRequest {
  readonly method: string;
  readonly url: string;
  readonly originalUrl: string;
  readonly headers: IncomingMessage['headers'];
  readonly protocol: 'http' | 'https';
  private readonly localAddress: string;
  private readonly localPort: number;

  constructor(private readonly incoming: NodeRequest) {
    this.method = incoming.method ?? 'GET';
    this.url = incoming.url ?? '/';
    this.originalUrl = incoming.originalUrl ?? this.url;
    this.headers = incoming.headers;
    this.protocol = (incoming.socket as { encrypted?: boolean }).encrypted === true ? 'https' : 'http';
    this.localAddress = incoming.socket.localAddress ?? '127.0.0.1';
    this.localPort = incoming.socket.localPort ?? 80;
  }

  get body(): BodySource {
    return bodySource(this.incoming);
  }

  get fallbackBase(): string {
    return fallbackBase(this.localAddress, this.localPort, this.protocol);
  }

  /** The connection closing before the answer: a kept-alive socket stays open between requests. */
  onClientGone(gone: () => void): () => void {
    const { socket } = this.incoming;
    if (socket.destroyed) {
      gone();
      return () => undefined;
    }
    const waiting = goneListeners(socket);
    waiting.add(gone);
    return () => waiting.delete(gone);
  }
}

/** `originalUrl` is Express's full target when the app is mounted in another; otherwise `url`. */
export function plainRequest(request: NodeRequest): PlainRequest {
  return new NodePlainRequest(request);
}
