/**
 * 405 for another method on a known control path, with the `Allow` its row of the control table
 * states (core/control-table.ts), as the interface's own routes answer. Mounted before the control
 * routers, so none of them answers a method its row does not give (Express would answer OPTIONS
 * itself); a path this server does not serve falls through to the 404.
 */
import type { RequestHandler } from 'express';
import { methodNotAllowedAnswer } from '../core/answers';
import { allowOf, controlRouteOf, takes, type ControlServer } from '../core/control-table';
import { sendAnswer } from './send-answer';

export const controlMethodNotAllowed =
  (server: ControlServer): RequestHandler =>
  (request, response, next) => {
    const route = controlRouteOf(request.originalUrl.split('?')[0] ?? '');
    if (route?.servedBy.includes(server) && !takes(route, request.method, server))
      sendAnswer(response, methodNotAllowedAnswer(allowOf(route)));
    else next();
  };
