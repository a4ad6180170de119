/**
 * `createHandlers(options)` (`site-articles-mock/msw`): the mock as MSW request handlers, for a
 * frontend's unit tests, Storybook or the browser. The six operations of section 4 are answered at
 * any origin by the same core, store, rules, faults and journal as `createApp`; every other request
 * falls through to the next handler. No Express and no Node API on this path.
 */
import { http, type HttpHandler } from 'msw';
import { buildMock } from '../app/build-mock';
import type { MockControls } from '../app/controls';
import type { MockOptions } from '../app/options';
import { plainRequestOf, responseOf } from '../adapters/fetch-request';
import { tokenMatchesInPlainJs } from '../core/constant-time';
import type { Core } from '../core/pipeline';

export interface MockHandlers extends MockControls {
  /** Hand these to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser). */
  handlers: HttpHandler[];
  core: Core;
}

export type { MockOptions } from '../app/options';
export type { MockControls } from '../app/controls';

export function createHandlers(options: MockOptions = {}): MockHandlers {
  const { core, controls } = buildMock(options, tokenMatchesInPlainJs);
  const api = http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    const route = core.route(request.method, `${url.pathname}${url.search}`);
    if (!route) return undefined;
    return responseOf(await core.handle(plainRequestOf(request), route));
  });
  return { handlers: [api], core, ...controls };
}
