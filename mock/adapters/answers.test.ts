/**
 * What the adapters make of the core's plain answers (core/plain.ts): bytes sent as they are, and a
 * streamed body sent as it is made and stopped when the client goes, on a real node:http server on
 * a loopback port and as a fetch `Response` (the MSW side).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlainAnswer, StreamedBody } from '../core/plain';
import { responseOf } from './fetch-request';
import { sendAnswer } from './send-answer';

const bytes = Uint8Array.from([0, 1, 2, 254, 255]);

/** A stream that sends two pieces at once and tells when it was stopped. */
function twoPieces(): { stream: StreamedBody; stopped: Promise<void> } {
  let stop = (): void => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const stream: StreamedBody = {
    open: (send) => {
      send('one\n');
      send('two\n');
      return stop;
    },
  };
  return { stream, stopped };
}

let server: Server | undefined;

async function serving(answer: PlainAnswer): Promise<string> {
  server = createServer((_request, response) => {
    sendAnswer(response, answer);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Reads a body until it holds `wanted` or ends, then cancels it (the client goes away). */
async function readUntil(body: ReadableStream<Uint8Array> | null, wanted: string): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += new TextDecoder().decode(read.value);
    if (text.includes(wanted)) break;
  }
  await reader.cancel();
  return text;
}

describe('the node:http adapter', () => {
  test('sends a body of bytes as it is, with its length', async () => {
    const base = await serving({ status: 200, headers: { 'Content-Type': 'image/png' }, body: bytes });
    const answer = await fetch(base);
    expect([answer.headers.get('content-length'), new Uint8Array(await answer.arrayBuffer())]).toEqual(['5', bytes]);
  });

  test('sends a streamed body as it is made and stops it when the client goes', async () => {
    const { stream, stopped } = twoPieces();
    const base = await serving({ status: 200, headers: { 'Content-Type': 'text/event-stream' }, stream });
    const answer = await fetch(base);
    expect(await readUntil(answer.body, 'two')).toBe('one\ntwo\n');
    await stopped;
  });
});

describe('the fetch adapter', () => {
  test('makes a body of bytes the Response body', async () => {
    const answer = responseOf({ status: 200, headers: {}, body: bytes });
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
  });

  test('makes a streamed body a readable stream, stopped when the reader cancels', async () => {
    const { stream, stopped } = twoPieces();
    const answer = responseOf({ status: 200, headers: { 'Content-Type': 'text/event-stream' }, stream });
    expect(await readUntil(answer.body, 'two')).toBe('one\ntwo\n');
    await stopped;
  });
});
