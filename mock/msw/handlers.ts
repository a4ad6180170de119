/**
 * The mock as MSW request handlers: the six operations of section 4 and the control API's rows the
 * handlers serve (`/__mock/state`, `reset`, `fixture`, `faults`, `journal`: the control table's
 * `msw` rows), answered at any origin (or at the origins of `baseUrl`) by the same core, store, rules, faults and journal as
 * `createApp`. No Express and no Node API on this path.
 *
 * One handler per URL pattern the core owns (`core.ownUrls`: each address of the route table, and
 * the control prefix), each for every method, so that the core answers a wrong method (405) or an
 * unknown control (404) as the server does, and a request it does not own matches no handler: MSW
 * passes it to the user's next handler, or reports it as unhandled (`onUnhandledRequest` in MSW 2,
 * `onUnhandledFrame` in MSW 3). A single catch-all that answered nothing for such a request would
 * count as matching it, and MSW would let it through without a word (decision 008).
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
import { atOrigins } from './base-urls';

/** `createApp`'s options, and the addresses the handlers answer at. */
export interface HandlerOptions extends MockOptions {
  /**
   * The base address (or addresses) of the API the app calls, such as `https://api.example.com`:
   * the handlers then answer only there, and requests to any other origin (a local server of the
   * same test) go on to other handlers or the network. Any origin when absent.
   */
  baseUrl?: string | readonly string[];
}

export interface MockHandlersOf<Handler> extends MockControls {
  /** Hand these to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser). */
  handlers: Handler[];
  core: Core;
}

/** The mock's answer to a request whose URL the core owns. */
export type Resolver = (info: { request: Request }) => Promise<Response>;

/** `handlerForAll` wraps the resolver in MSW's `http.all(pattern, ...)`, for every method at that URL pattern. */
export function handlersOf<Handler>(
  handlerForAll: (pattern: RegExp, resolver: Resolver) => Handler,
  options: HandlerOptions,
): MockHandlersOf<Handler> {
  const { core, controls } = buildMock(options, {
    tokenMatches: tokenMatchesInPlainJs,
    control: (built) => servedControl('msw', controlsOverHttp(built)),
  });
  const resolver: Resolver = async ({ request }) => responseOf(await core.handle(plainRequestOf(request)));
  const patterns = options.baseUrl === undefined ? core.ownUrls : atOrigins(core.ownUrls, options.baseUrl);
  const handlers = patterns.map((pattern) => handlerForAll(pattern, resolver));
  return { handlers, core, ...controls };
}
