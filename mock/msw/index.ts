/**
 * `createHandlers(options)` (`site-articles-mock/msw`): the mock as MSW request handlers, for a
 * frontend's unit tests, Storybook or the browser. The six operations of section 4 and the control
 * API's rows the handlers serve (`/__mock/state`, `reset`, `fixture`, `faults`, `journal`: the
 * control table's `msw` rows) are answered at any origin by the same core, store, rules, faults and
 * journal as `createApp`; every other request falls through to the next handler. No Express and no
 * Node API on this path.
 */
import { http, type HttpHandler } from 'msw';
import { buildMock } from '../app/build-mock';
import { controlsOverHttp } from '../app/control-api';
import type { MockControls } from '../app/controls';
import type { MockOptions } from '../app/options';
import { plainRequestOf, responseOf } from '../adapters/fetch-request';
import { tokenMatchesInPlainJs } from '../core/constant-time';
import { servedControl } from '../core/control-stage';
import type { Core } from '../core/pipeline';

export interface MockHandlers extends MockControls {
  /** Hand these to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser). */
  handlers: HttpHandler[];
  core: Core;
}

export type { MockOptions } from '../app/options';
export type { MockControls } from '../app/controls';

export function createHandlers(options: MockOptions = {}): MockHandlers {
  const { core, controls } = buildMock(options, {
    tokenMatches: tokenMatchesInPlainJs,
    control: (built) => servedControl('msw', controlsOverHttp(built)),
  });
  const api = http.all('*', async ({ request }) => {
    if (!core.owns(new URL(request.url).pathname)) return undefined;
    return responseOf(await core.handle(plainRequestOf(request)));
  });
  return { handlers: [api], core, ...controls };
}
