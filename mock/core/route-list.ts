/**
 * The core's one route list, for the operations of section 4 and the control API alike: each row a
 * method at an address with what answers it (an operation's stages, the forwarding stage of the
 * validating proxy, or a control row's handler), and the one lookup the pipeline routes with. Built
 * once per core from the operations' rows (operation-routes.ts, from the generated catalogue) and the
 * control rows the server serves (control-stage.ts), so a request is only looked up, never described.
 */
import { addressUrlPattern, compileAddress } from 'site-articles-schemas/conformance/routes';
import { methodNotAllowedAnswer, notFoundAnswer } from './answers';
import { controlRouteOf, controlUrlPattern, isControlPath, type ControlRoute } from './control-table';
import type { ControlHandler, ServedControl, ServedRow } from './control-stage';
import { parseJsonBody, requireJsonType } from './json-body';
import { operationRoutes, type OperationRoute } from './operation-routes';
import type { PlainAnswer, PlainRequest } from './plain';
import { parseQuery } from './query';

/** What the journal keeps of an exchange beyond the answer itself, filled in by the stage that saw it. */
export interface Kept {
  /** The request body's bytes, when a stage read them. */
  requestBody?: Uint8Array;
  /** The answer body as the journal shows it, when not the answer's own (the proxy's, decoded for judging). */
  answerBody?: Uint8Array;
  /** The validating proxy's findings in this exchange: about the deployment, and about the client's request. */
  findings?: { deployment: number; client: number };
}

/** A request as routed: its path and query apart, the address's parameters still percent-encoded. */
export interface Routed {
  path: string;
  search: string;
  rawParams: Record<string, string>;
}

export type RouteHandler = (request: PlainRequest, routed: Routed, kept: Kept) => PlainAnswer | Promise<PlainAnswer>;

/** One row: a method at an address, and what answers it. */
export interface Route {
  method: string;
  path: string;
  /** Set for an operation of section 4. */
  operation?: OperationRoute;
  /** Set for a row of the control API. */
  control?: ControlRoute;
  handler: RouteHandler;
}

/** How a core answers the interface's addresses: the mock's stages, or the proxy's forwarding stage. */
export interface OperationServing {
  /** The handler of one operation's row. */
  operation(route: OperationRoute): RouteHandler;
  /** A method an address of the interface has no row for (`allow`: the methods it has). */
  otherMethod(allow: string): RouteHandler;
  /** A path that is no address of the list and not under the control prefix. */
  unrouted: RouteHandler;
}

/** An address with its rows, as the lookup goes through them. */
interface Address {
  /** The address's parameters when `path` is this address; undefined otherwise. */
  match(path: string): Record<string, string> | undefined;
  byMethod: ReadonlyMap<string, Route>;
  otherMethod: RouteHandler;
  /** An address of the interface (CORS, preflight), not of the control API. */
  api: boolean;
}

/** A routed request and the address it names: one object, which the handler is given as its `Routed`. */
export interface Found extends Routed {
  address: Address;
}

export interface RouteList {
  routes: readonly Route[];
  /** The address a path (no query) names, with its parameters, or undefined. */
  find(path: string, search: string): Found | undefined;
  /** The handler for a method at what `find` found (undefined: nothing found). */
  handlerOf(method: string, found: Found | undefined, path: string): RouteHandler;
  /** The list's URLs at any origin, as patterns over a whole URL without its query (one MSW handler each). */
  ownUrls: readonly RegExp[];
}

/** The parameters of an address that has none (the control rows, unrouted paths): never written to. */
export const noParams: Readonly<Record<string, string>> = Object.freeze({});

/** HEAD is answered as GET wherever GET is. */
const withHead = (byMethod: Map<string, Route>): Map<string, Route> => {
  const get = byMethod.get('GET');
  if (get) byMethod.set('HEAD', get);
  return byMethod;
};

function interfaceAddresses(serving: OperationServing): { path: string; address: Address; routes: Route[] }[] {
  const byPath = new Map<string, Route[]>();
  for (const operation of operationRoutes) {
    const route: Route = {
      method: operation.method,
      path: operation.path,
      operation,
      handler: serving.operation(operation),
    };
    byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), route]);
  }
  return [...byPath].map(([path, routes]) => {
    const { pattern, params } = compileAddress(path);
    const byMethod = withHead(new Map(routes.map((route) => [route.method, route])));
    const match = (requested: string): Record<string, string> | undefined => {
      const found = pattern.exec(requested);
      if (!found) return undefined;
      const rawParams: Record<string, string> = {};
      for (let index = 0; index < params.length; index += 1)
        rawParams[params[index] as string] = found[index + 1] ?? '';
      return rawParams;
    };
    const allow = routes.flatMap(({ method }) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', ');
    const address = { match, byMethod, otherMethod: serving.otherMethod(allow), api: true };
    return { path, address, routes };
  });
}

/** The part of `path` a row's trailing `*` stands for. */
const restOf = (route: ControlRoute, path: string): string =>
  route.path.endsWith('/*') ? path.slice(route.path.length - 1) : '';

/** A control row's handler as a route handler: the call it is given, its body read as JSON when it asks. */
function controlHandler(row: ServedRow, handle: ControlHandler): RouteHandler {
  return (request, routed, kept) =>
    handle({
      request,
      rest: restOf(row.route, routed.path),
      query: parseQuery(routed.search),
      json: async (limit, depth) => {
        requireJsonType(request);
        kept.requestBody = await request.body.read(limit);
        return parseJsonBody(kept.requestBody, depth);
      },
    });
}

function controlAddresses(control: ServedControl): { address: Address; routes: Route[] }[] {
  return [...control.values()].map((row) => {
    const routes = [...row.handlers].map(([method, handle]) => ({
      method,
      path: row.route.path,
      control: row.route,
      handler: controlHandler(row, handle),
    }));
    const byMethod = withHead(new Map(routes.map((route) => [route.method, route])));
    const notAllowed = methodNotAllowedAnswer(row.allow);
    const address: Address = {
      match: (path) => (controlRouteOf(path) === row.route ? noParams : undefined),
      byMethod,
      otherMethod: () => notAllowed,
      api: false,
    };
    return { address, routes };
  });
}

/** The list of one core: the interface's addresses first (a read of section 4 looks through nothing else), then the control rows it serves. */
export function routeList(serving: OperationServing | undefined, control: ServedControl): RouteList {
  const api = serving ? interfaceAddresses(serving) : [];
  const controls = controlAddresses(control);
  const addresses = [...api, ...controls].map(({ address }) => address);
  const notFound: RouteHandler = () => notFoundAnswer();
  const unrouted = serving?.unrouted ?? notFound;
  return {
    routes: [...api, ...controls].flatMap(({ routes }) => routes),
    find: (path, search) => {
      for (const address of addresses) {
        const rawParams = address.match(path);
        if (rawParams) return { address, path, search, rawParams };
      }
      return undefined;
    },
    handlerOf: (method, found, path) => {
      if (!found) return isControlPath(path) ? notFound : unrouted;
      return found.address.byMethod.get(method)?.handler ?? found.address.otherMethod;
    },
    ownUrls: [...api.map(({ path }) => addressUrlPattern(path)), controlUrlPattern],
  };
}
