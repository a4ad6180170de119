/**
 * Answers what Node's HTTP server refuses before the core sees a request (conflicting
 * Content-Length, bad characters in a header, headers over 16 kB, a broken chunk, an `Expect` it
 * cannot meet, a CONNECT) with the mock's JSON error body instead of Node's bare status line. Only the module
 * that listens can wire this, so `cli.ts` (and the hardening tests' server) call it.
 */
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const statusOfCode: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const messages: Record<number, string> = {
  400: 'Bad request: the HTTP message could not be read.',
  408: 'Request timeout.',
  413: 'Request body is too large.',
  431: 'Request header fields are too large (16 kB in all).',
};

/** An answer to a HEAD request has no body; the request is unreadable, so its first bytes must tell. */
function rawAnswer(status: number, message: string, head = false): string {
  const body = JSON.stringify({ message });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`
  );
}

function onClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  // As Node's own default: answer only when no answer on this connection has begun.
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const status = statusOfCode[error.code ?? ''] ?? 400;
  const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(rawAnswer(status, messages[status] ?? 'Bad request.', head));
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', onClientError);
  server.on('checkExpectation', (_request, response: ServerResponse) => {
    const body = JSON.stringify({ message: 'Expectation failed: only "Expect: 100-continue" is understood.' });
    response.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  // Without a listener Node drops a CONNECT (a proxy tunnel request) without a word.
  server.on('connect', (_request, socket: Duplex) => {
    socket.end(rawAnswer(405, 'Method not allowed.'));
  });
}
