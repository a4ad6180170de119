/**
 * The `node:http` adapter `npm start` listens with: every request (the interface's routes, the
 * control API, unknown paths) is translated to a plain request, answered by the core and written
 * back; an answer the core gives at once is written in the same turn. The Express adapter
 * (express.ts) hands its requests to the same function.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Core } from '../core/pipeline';
import type { PlainAnswer } from '../core/plain';
import { plainRequest } from './node-request';
import { sendAnswer } from './send-answer';

/** `handle` answers every error itself; reaching here is a fault of the mock. */
function mockFault(response: ServerResponse, error: unknown): void {
  console.error('mock: unexpected error', error);
  response.destroy();
}

export function serveWithCore(core: Core, request: IncomingMessage, response: ServerResponse): void {
  let answer: PlainAnswer | Promise<PlainAnswer>;
  try {
    answer = core.handle(plainRequest(request));
  } catch (error) {
    mockFault(response, error);
    return;
  }
  if (!(answer instanceof Promise)) {
    sendAnswer(response, answer);
    return;
  }
  answer.then(
    (settled) => {
      sendAnswer(response, settled);
    },
    (error: unknown) => {
      mockFault(response, error);
    },
  );
}

/** A listener for `http.createServer`; `mock` is what `createApp` returns, or anything holding a core. */
export function nodeListener(mock: { core: Core }): RequestListener {
  const { core } = mock;
  return (request, response) => {
    serveWithCore(core, request, response);
  };
}
