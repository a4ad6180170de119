/**
 * The `node:http` adapter `npm start` listens with: every request (the interface's routes, the
 * control API, unknown paths) is translated to a plain request, answered by the core and written
 * back. The Express adapter (express.ts) hands its requests to the same function.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Core } from '../core/pipeline';
import { plainRequest } from './node-request';
import { sendAnswer } from './send-answer';

export function serveWithCore(core: Core, request: IncomingMessage, response: ServerResponse): void {
  core.handle(plainRequest(request)).then(
    (answer) => {
      sendAnswer(response, answer);
    },
    (error: unknown) => {
      // `handle` answers every error itself; reaching here is a fault of the mock.
      console.error('mock: unexpected error', error);
      response.destroy();
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
