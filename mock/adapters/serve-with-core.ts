/** What both adapters do with a request of section 4: translate it, let the core answer, send it. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '../core/pipeline';
import type { RouteMatch } from '../core/route-table';
import { plainRequest } from './node-request';
import { sendAnswer } from './send-answer';

export function serveWithCore(core: Core, route: RouteMatch, request: IncomingMessage, response: ServerResponse): void {
  core.handle(plainRequest(request), route).then(
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
