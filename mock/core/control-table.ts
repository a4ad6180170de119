/**
 * The control API (outside the interface) as one table: every path it serves, the methods each
 * takes, who serves it (the mock's server, its MSW handlers, the validating proxy) and whether it
 * is open without the control token. Each server supplies the handlers of its rows
 * (control-stage.ts: the compiler refuses a missing one), the core answers 404 and 405 from the
 * table, the security guard reads `open` from it, and `npm run generate` writes it into
 * docs/control-api.md, so a path is added in one place.
 */
import { anyOrigin } from './route-table';

export const controlPrefix = '/__mock';

/** `mock`: createApp and `articles-mock`; `msw`: createHandlers; `proxy`: `articles-mock --proxy`. */
export type ControlServer = 'mock' | 'msw' | 'proxy';

export interface ControlRoute {
  /** The whole path; a trailing `/*` stands for everything under that folder. */
  path: string;
  methods: readonly string[];
  servedBy: readonly ControlServer[];
  /** Reachable without the control token: pages and files that hold no state, and the door that takes it. */
  open?: true;
}

const controlTable = [
  // `/` is outside the interface: a browser opened on the mock lands on the workbench.
  { path: '/', methods: ['GET'], servedBy: ['mock'], open: true },
  { path: `${controlPrefix}/`, methods: ['GET'], servedBy: ['mock', 'proxy'], open: true },
  { path: `${controlPrefix}/assets/*`, methods: ['GET'], servedBy: ['mock', 'proxy'], open: true },
  { path: `${controlPrefix}/session`, methods: ['POST'], servedBy: ['mock', 'proxy'], open: true },
  { path: `${controlPrefix}/docs`, methods: ['GET'], servedBy: ['mock'] },
  { path: `${controlPrefix}/openapi.json`, methods: ['GET'], servedBy: ['mock'] },
  { path: `${controlPrefix}/state`, methods: ['GET'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/reset`, methods: ['POST'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/fixture`, methods: ['PUT'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/faults`, methods: ['GET', 'PUT', 'DELETE'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/scenarios`, methods: ['GET', 'POST'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/scenarios/*`, methods: ['GET', 'PUT', 'DELETE'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/sandboxes`, methods: ['GET', 'POST'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/sandboxes/*`, methods: ['DELETE'], servedBy: ['mock', 'msw'] },
  { path: `${controlPrefix}/journal`, methods: ['GET'], servedBy: ['mock', 'msw', 'proxy'] },
  { path: `${controlPrefix}/journal/stream`, methods: ['GET'], servedBy: ['mock', 'msw', 'proxy'] },
  { path: `${controlPrefix}/violations`, methods: ['GET', 'DELETE'], servedBy: ['proxy'] },
] as const satisfies readonly ControlRoute[];

/** The table's rows with their exact paths and methods, from which the handlers' type is made (control-stage.ts). */
export type ControlTableRow = (typeof controlTable)[number];

export const controlRoutes: readonly ControlRoute[] = controlTable;

/** Whether a request path (no query) is under the control prefix: the prefix itself or anything below it. */
export const isControlPath = (path: string): boolean => path === controlPrefix || path.startsWith(`${controlPrefix}/`);

/** isControlPath as a pattern over a whole URL without its query, at any origin (as the route table's `routeUrlPatterns`). */
export const controlUrlPattern = new RegExp(`^${anyOrigin}${controlPrefix}(?:/.*)?$`);

/** The rows outside the prefix: only `/`, so looking through them costs what comparing with `/` did. */
const rowsOutsidePrefix = controlRoutes.filter((route) => !isControlPath(route.path)).map((route) => route.path);

/** Whether a path is the control API's: under the prefix, or a row outside it (`/`). The guard asks for every request. */
export const isControlAddress = (path: string): boolean => isControlPath(path) || rowsOutsidePrefix.includes(path);

/** The row a request path (no query) names: the prefix alone stands for its `/` row, and a trailing slash is optional. */
export function controlRouteOf(path: string): ControlRoute | undefined {
  const wanted = path === controlPrefix ? `${controlPrefix}/` : path;
  const bare = wanted.length > 1 && wanted.endsWith('/') ? wanted.slice(0, -1) : wanted;
  return controlRoutes.find((route) =>
    route.path.endsWith('/*')
      ? wanted.startsWith(route.path.slice(0, -1))
      : route.path === wanted || route.path === bare,
  );
}

/** The `Allow` header of a row: its methods, HEAD along with GET. */
export const allowOf = (route: ControlRoute): string =>
  route.methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', ');

/** Headers on every control and workbench answer: not readable by, nor framed in, another origin's page. */
export const controlAnswerHeaders: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Content-Security-Policy': "frame-ancestors 'self'",
};
