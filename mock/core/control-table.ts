/**
 * The control API (outside the interface) as one table: every path under the prefix, the methods
 * it takes, who serves it (the mock, the validating proxy, or both) and whether it is open without
 * the control token. The 405 answers, the security guard and the proxy's control API all derive
 * from it, so a path is added in one place. `npm run generate` writes the rows into docs/control-api.md.
 */
export const controlPrefix = '/__mock';

export type ControlServer = 'mock' | 'proxy';

export interface ControlRoute {
  /** Below the prefix; a trailing `/*` stands for everything under that folder. */
  path: string;
  methods: readonly string[];
  servedBy: readonly ControlServer[];
  /** Reachable without the control token: pages and files that hold no state, and the door that takes it. */
  open?: true;
}

const both: readonly ControlServer[] = ['mock', 'proxy'];

export const controlRoutes: readonly ControlRoute[] = [
  { path: '/', methods: ['GET'], servedBy: ['mock'], open: true },
  { path: '/assets/*', methods: ['GET'], servedBy: ['mock'], open: true },
  { path: '/session', methods: ['POST'], servedBy: ['mock'], open: true },
  { path: '/docs', methods: ['GET'], servedBy: ['mock'] },
  { path: '/openapi.json', methods: ['GET'], servedBy: ['mock'] },
  { path: '/state', methods: ['GET'], servedBy: ['mock'] },
  { path: '/reset', methods: ['POST'], servedBy: ['mock'] },
  { path: '/fixture', methods: ['PUT'], servedBy: ['mock'] },
  { path: '/faults', methods: ['GET', 'PUT', 'DELETE'], servedBy: ['mock'] },
  { path: '/journal', methods: ['GET'], servedBy: both },
  { path: '/journal/stream', methods: ['GET'], servedBy: both },
  { path: '/violations', methods: ['GET', 'DELETE'], servedBy: ['proxy'] },
];

/** Whether a request path (no query) is the control API's: the prefix itself or anything below it. */
export const isControlPath = (path: string): boolean => path === controlPrefix || path.startsWith(`${controlPrefix}/`);

/** The row a request path (no query) names, the prefix alone standing for `/`. */
export function controlRouteOf(path: string): ControlRoute | undefined {
  if (!isControlPath(path)) return undefined;
  const below = path.slice(controlPrefix.length) || '/';
  return controlRoutes.find((route) =>
    route.path.endsWith('/*') ? below.startsWith(route.path.slice(0, -1)) : route.path === below,
  );
}

/** The `Allow` header of a row: its methods, HEAD along with GET. */
export const allowOf = (route: ControlRoute): string =>
  route.methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', ');

/** Whether `server` answers `method` at this row (HEAD as GET). */
export const takes = (route: ControlRoute, method: string, server: ControlServer): boolean =>
  route.servedBy.includes(server) && route.methods.includes(method === 'HEAD' ? 'GET' : method);

/** Headers on every control and workbench answer: not readable by, nor framed in, another origin's page. */
export const controlAnswerHeaders: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Content-Security-Policy': "frame-ancestors 'self'",
};
