/**
 * The Express adapter, for those who want `createApp(...).app`: an Express app that hands every
 * request to the core (as the node:http adapter does), for supertest, `http.createServer` or
 * mounting in another app. Express is an optional peer of the package, loaded only here, only when
 * `.app` is first read; without it the error says what to install.
 */
import type { Express } from 'express';
import type { Core } from '../core/pipeline';
import { serveWithCore } from './node-listener';
import { requireOptionalPeer } from '../runtime/optional-peer';

export function expressApp(core: Core): Express {
  const express = requireOptionalPeer('express', 'createApp(...).app (an Express app)') as () => Express;
  const app = express();
  // Set before any handler runs; the core's answers carry only their own headers.
  app.disable('x-powered-by');
  app.use((request, response) => {
    serveWithCore(core, request, response);
  });
  return app;
}
