/**
 * The control API's stage of the core (outside the interface), after the same guard as the
 * interface's routes: the row of the control table (control-table.ts) a path names, 404 when this
 * server serves no such row, 405 with the row's `Allow` for a method it does not take, else the
 * row's handler, a plain function of the request to a plain answer. Each server supplies the
 * handlers of the rows it serves (the mock's controls, the proxy's violations), and the compiler
 * refuses a table whose served row or method has none.
 */
import { methodNotAllowedAnswer, notFoundAnswer } from './answers';
import {
  allowOf,
  controlRouteOf,
  controlRoutes,
  type ControlRoute,
  type ControlServer,
  type ControlTableRow,
} from './control-table';
import { parseJsonBody, requireJsonType } from './json-body';
import type { PlainAnswer, PlainRequest } from './plain';
import { parseQuery, type Query } from './query';

export interface ControlCall {
  request: PlainRequest;
  /** What the row's trailing `*` stands for in this path (a file under `/assets/`); empty for other rows. */
  rest: string;
  query: Query;
  /** The body as JSON: 415 unless labelled JSON, 413 past `limit` bytes, 400 when malformed or deeper than `depth`. */
  json(limit: number, depth: number): Promise<unknown>;
}

export type ControlHandler = (call: ControlCall) => PlainAnswer | Promise<PlainAnswer>;

type ServedBy<R, S> = R extends { servedBy: readonly (infer T)[] } ? (S extends T ? R : never) : never;

/** A handler for every method of every row `server` serves: what each server supplies. */
export type ControlHandlers<S extends ControlServer> = {
  [R in ServedBy<ControlTableRow, S> as R['path']]: Record<R['methods'][number], ControlHandler>;
};

interface ServedRow {
  route: ControlRoute;
  allow: string;
  handlers: ReadonlyMap<string, ControlHandler>;
}

/** The rows one server serves, each with its handlers; a path not here is 404 on that server. */
export type ServedControl = ReadonlyMap<string, ServedRow>;

export function servedControl<S extends ControlServer>(server: S, handlers: ControlHandlers<S>): ServedControl {
  const byPath = handlers as unknown as Record<string, Record<string, ControlHandler>>;
  return new Map(
    controlRoutes
      .filter((route) => route.servedBy.includes(server))
      .map((route) => [
        route.path,
        { route, allow: allowOf(route), handlers: new Map(Object.entries(byPath[route.path] ?? {})) },
      ]),
  );
}

/** The part of `path` a row's trailing `*` stands for. */
const restOf = (route: ControlRoute, path: string): string =>
  route.path.endsWith('/*') ? path.slice(route.path.length - 1) : '';

/** The answer of the control API; `read` keeps the body bytes a handler read, for the journal. */
export function controlAnswer(
  served: ServedControl,
  request: PlainRequest,
  path: string,
  search: string,
  read: { body?: Uint8Array },
): PlainAnswer | Promise<PlainAnswer> {
  const route = controlRouteOf(path);
  const row = route && served.get(route.path);
  if (!row) return notFoundAnswer();
  const handler = row.handlers.get(request.method === 'HEAD' ? 'GET' : request.method);
  if (!handler) return methodNotAllowedAnswer(row.allow);
  return handler({
    request,
    rest: restOf(row.route, path),
    query: parseQuery(search),
    json: async (limit, depth) => {
      requireJsonType(request);
      read.body = await request.body.read(limit);
      return parseJsonBody(read.body, depth);
    },
  });
}
