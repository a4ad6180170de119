/**
 * The proxy's part of the control API (`/__mock`, its rows in core/control-table.ts): the
 * violations found so far, and the journal with each entry's violation count, served by the
 * mock's own journal routes, so the filter (`?method=&path=&status=`) and the stream
 * (`/journal/stream`) work the same. Like the mock's control API it is JSON and answers another
 * method with 405 and `Allow`.
 */
import express, { type ErrorRequestHandler, type Express } from 'express';
import { errorAnswer, notFoundAnswer } from '../core/answers';
import { controlPrefix } from '../core/control-table';
import { controlMethodNotAllowed } from '../adapters/control-methods';
import { sendAnswer } from '../adapters/send-answer';
import { journalRouter } from '../journal/routes';
import type { RequestJournal } from '../journal/request-journal';
import type { ViolationLog } from './violations';

const errorHandler: ErrorRequestHandler = (error, _request, response, _next) => {
  sendAnswer(response, errorAnswer(error));
};

export function proxyControlApp(parts: { violations: ViolationLog; journal: RequestJournal }): Express {
  const { violations, journal } = parts;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const source = { journal: journal.list.bind(journal), onJournalEntry: journal.subscribe.bind(journal) };
  // First, so that no route answers a method the table does not give (OPTIONS included).
  app.use(controlMethodNotAllowed('proxy'));
  app.use(controlPrefix, journalRouter(source));
  app.get(`${controlPrefix}/violations`, (_request, response) => {
    response.json(violations.list());
  });
  app.delete(`${controlPrefix}/violations`, (_request, response) => {
    violations.clear();
    response.status(204).end();
  });
  app.use((_request, response) => {
    sendAnswer(response, notFoundAnswer());
  });
  app.use(errorHandler);
  return app;
}
