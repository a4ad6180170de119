/**
 * The journal under the control API (outside the interface): `GET /journal` with the filter
 * (`?method=&path=&status=`, bad values answer 422 naming the parameter) and `GET /journal/stream`,
 * the same entries as server-sent events while the connection stays open.
 */
import express, { type Router } from 'express';
import { validationError } from '../core/api-error';
import type { JournalEntry } from './exchange';
import { matches, readFilter, type JournalFilter } from './filter';
import type { JournalListener } from './request-journal';

export interface JournalSource {
  journal(filter?: JournalFilter): JournalEntry[];
  onJournalEntry(listener: JournalListener): () => void;
}

/** A comment line now and then keeps proxies and browsers from closing an idle stream. */
const keepAliveMs = 15_000;

function filterOf(query: Record<string, unknown>): JournalFilter {
  const { filter, problems } = readFilter(query);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return filter;
}

export function journalRouter(source: JournalSource): Router {
  const router = express.Router();
  router.get('/journal', (request, response) => {
    response.json(source.journal(filterOf(request.query)));
  });
  router.get('/journal/stream', (request, response) => {
    const filter = filterOf(request.query);
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': journal stream\n\n');
    const stop = source.onJournalEntry((entry) => {
      if (matches(entry, filter)) response.write(`event: entry\ndata: ${JSON.stringify(entry)}\n\n`);
    });
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs);
    request.on('close', () => {
      clearInterval(keepAlive);
      stop();
    });
  });
  return router;
}
