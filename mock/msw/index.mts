/**
 * `createHandlers(options)` from `site-articles-mock/msw` as an ES module (`import`): the mock as
 * MSW request handlers (handlers.ts). MSW 3, and packages MSW 2 depends on, are ES modules only,
 * which Jest on Node 20 cannot `require`: through this entry, tests run as ES modules (Vitest, or
 * Jest with --experimental-vm-modules) load MSW with `import` alone and need no transform of it.
 * The types are MSW's as `import` sees them, which for MSW 2 are declared apart from `require`'s.
 */
import { http, type HttpHandler } from 'msw';
import { handlersOf, type HandlerOptions, type MockHandlersOf } from './handlers.js';

export type MockHandlers = MockHandlersOf<HttpHandler>;
export type { MockOptions } from '../app/options.js';
export type { HandlerOptions } from './handlers.js';
export type { MockControls } from '../app/controls.js';

export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  return handlersOf((pattern, resolver) => http.all(pattern, resolver), options);
}
