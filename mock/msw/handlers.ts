/**
 * The mock as MSW request handlers: the six operations of section 4 and the control API's rows the
 * handlers serve (`/__mock/state`, `reset`, `fixture`, `faults`, `journal`: the control table's
 * `msw` rows), answered at any origin by the same core, store, rules, faults and journal as
 * `createApp`; every other request falls through to the next handler. No Express and no Node API
 * on this path.
 *
 * MSW's `http.all` is handed in by the entry point that loaded MSW (index.ts with `require`,
 * index.mts with `import`), so that the handlers, and their types, are those of the very copy of
 * MSW that the user's `setupServer` or `setupWorker` runs.
 */
import { buildMock } from '../app/build-mock';
import { controlsOverHttp } from '../app/control-api';
import type { MockControls } from '../app/controls';
import type { MockOptions } from '../app/options';
import { plainRequestOf, responseOf } from '../adapters/fetch-request';
import { tokenMatchesInPlainJs } from '../core/constant-time';
import { servedControl } from '../core/control-stage';
import type { Core } from '../core/pipeline';

export interface MockHandlersOf<Handler> extends MockControls {
  /** Hand these to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser). */
  handlers: Handler[];
  core: Core;
}

/** An answer from the mock, or `undefined` for a request it does not serve (MSW tries the next handler). */
export type Resolver = (info: { request: Request }) => Promise<Response | undefined>;

/** `handlerForAll` wraps the resolver in MSW's `http.all('*', ...)`. */
export function handlersOf<Handler>(
  handlerForAll: (resolver: Resolver) => Handler,
  options: MockOptions,
): MockHandlersOf<Handler> {
  const { core, controls } = buildMock(options, {
    tokenMatches: tokenMatchesInPlainJs,
    control: (built) => servedControl('msw', controlsOverHttp(built)),
  });
  const api = handlerForAll(async ({ request }) => {
    if (!core.owns(new URL(request.url).pathname)) return undefined;
    return responseOf(await core.handle(plainRequestOf(request)));
  });
  return { handlers: [api], core, ...controls };
}
