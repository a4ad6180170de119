/**
 * The control API's handlers (outside the interface): a plain function of the request to a plain
 * answer for each method of each row of the control table (control-table.ts) a server serves. Each
 * server supplies the handlers of the rows it serves (the mock's controls, the proxy's violations),
 * and the compiler refuses a table whose served row or method has none; the rows with their handlers
 * go into the core's route list (route-list.ts), which answers 404 and 405 from them.
 */
import { allowOf, controlRoutes, type ControlRoute, type ControlServer, type ControlTableRow } from './control-table';
import type { PlainAnswer, PlainRequest } from './plain';
import type { Query } from './query';

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

export interface ServedRow {
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
