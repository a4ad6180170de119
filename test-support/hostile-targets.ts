/**
 * Misbehaving targets on loopback ports, for the tests of what the contract suite does in front
 * of them: one that never answers, one whose answer has no end, one that answers every address
 * alike, one that loses some requests' connections on the way to a mock. Each is closed by `closeHostileTargets` (for `afterAll`).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';

const servers: { server: Server; sockets: Set<Socket> }[] = [];

async function listen(server: Server): Promise<string> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  servers.push({ server, sockets });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

/** Accepts connections and reads requests, but never sends a byte back. */
export const silentTarget = (): Promise<string> => listen(createTcpServer(() => undefined));

/** Plain HTTP that answers every request with `answer`. */
export const httpTarget = (answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> =>
  listen(createServer(answer));

/** The first byte of a TLS record that carries a handshake (a client's hello among them). */
const tlsHandshake = 0x16;

/**
 * Plain HTTP that answers every request with `answer`, but resets the connection of a client that
 * opens with a TLS hello, as some plain-HTTP servers and proxies do (rather than answering it 400).
 */
export function resetsTlsTarget(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const http = createServer(answer);
  return listen(
    createTcpServer((socket) => {
      socket.once('data', (first: Buffer) => {
        if (first[0] === tlsHandshake) {
          socket.resetAndDestroy();
          return;
        }
        socket.unshift(first);
        http.emit('connection', socket);
      });
    }),
  );
}

export interface EndlessBody {
  baseUrl: string;
  /** Bytes written so far; it stops growing once the reader lets the connection go. */
  sent: () => number;
  /** Resolves once the reader has closed the connection. */
  closed: Promise<void>;
}

/**
 * Answers 200 with a JSON media type and a body that never ends, written a chunk at a time as the
 * reader takes it (the body is never built whole, here or, if it stops reading, in the reader).
 */
export async function endlessBodyTarget(): Promise<EndlessBody> {
  let sent = 0;
  let reportClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (reportClosed = resolve));
  const chunk = Buffer.alloc(64 * 1024, ' ');
  const baseUrl = await httpTarget((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    const pump = (): void => {
      for (let more = true; more && !response.destroyed; sent += chunk.length) more = response.write(chunk);
    };
    response.on('drain', pump);
    response.on('close', reportClosed);
    pump();
  });
  return { baseUrl, sent: () => sent, closed };
}

/**
 * Passes every request on to `upstream` (a mock) and its answer back, except those `drops` picks:
 * their connection is closed before any answer, as a network that fails mid-run closes it.
 */
export const droppingRelay = (upstream: string, drops: (request: IncomingMessage) => boolean): Promise<string> =>
  httpTarget((request, response) => {
    if (drops(request)) {
      request.socket.destroy();
      return;
    }
    const forwarded = httpRequest(`${upstream}${request.url ?? '/'}`, {
      method: request.method,
      headers: request.headers,
    });
    forwarded.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => request.socket.destroy());
    request.pipe(forwarded);
  });

export async function closeHostileTargets(): Promise<void> {
  await Promise.all(
    servers.splice(0).map(
      ({ server, sockets }) =>
        new Promise((closed) => {
          for (const socket of sockets) socket.destroy();
          server.close(closed);
        }),
    ),
  );
}
