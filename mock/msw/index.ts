/**
 * `createHandlers(options)` from `site-articles-mock/msw` as a CommonJS module (`require`): the
 * mock as MSW request handlers (handlers.ts). index.mts is the same entry for `import`.
 */
import { http, type HttpHandler } from 'msw';
import { handlersOf, type HandlerOptions, type MockHandlersOf } from './handlers';

export type MockHandlers = MockHandlersOf<HttpHandler>;
export type { MockOptions } from '../app/options';
export type { HandlerOptions } from './handlers';
export type { MockControls } from '../app/controls';

export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  return handlersOf((pattern, resolver) => http.all(pattern, resolver), options);
}
