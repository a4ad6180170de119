/**
 * The `node:http` adapter `npm start` listens with: the routes of section 4 (and preflights to
 * them) go straight to the core; everything else (the control API, unknown paths) goes to the
 * Express app through its public call signature, `app(request, response)`.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Core } from '../core/pipeline';
import { serveWithCore } from './serve-with-core';

export function nodeListener(mock: {
  core: Core;
  app: (request: IncomingMessage, response: ServerResponse) => void;
}): RequestListener {
  const { core, app } = mock;
  return (request, response) => {
    const route = core.route(request.method ?? '', request.url ?? '');
    if (route) serveWithCore(core, route, request, response);
    else app(request, response);
  };
}
