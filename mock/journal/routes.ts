/**
 * The journal's rows of the control API (outside the interface), for the mock and the proxy alike:
 * `GET /journal` with the filter (`?method=&path=&status=`, bad values answer 422 naming the
 * parameter) and `GET /journal/stream`, the same entries as server-sent events while the client
 * stays, a comment line now and then keeping it open.
 */
import { jsonAnswer } from '../core/answers';
import { validationError } from '../core/api-error';
import type { ControlCall, ControlHandler } from '../core/control-stage';
import type { StreamedBody } from '../core/plain';
import type { JournalEntry } from './journal-entry';
import { matches, readFilter, type JournalFilter } from './filter';
import type { JournalListener } from './request-journal';

export interface JournalSource {
  journal(filter?: JournalFilter): JournalEntry[];
  onJournalEntry(listener: JournalListener, ended?: () => void): () => void;
}

/** A comment line now and then keeps proxies and browsers from closing an idle stream. */
const keepAliveMs = 15_000;

function filterOf(call: ControlCall): JournalFilter {
  const { filter, problems } = readFilter(call.query);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return filter;
}

function entries(source: JournalSource, filter: JournalFilter): StreamedBody {
  return {
    open: (send, end) => {
      send(': journal stream\n\n');
      const keepAlive = setInterval(() => {
        send(': keep-alive\n\n');
      }, keepAliveMs);
      // Never what keeps a process alive: an in-process stream (the MSW handlers) whose reader left
      // without cancelling it would otherwise hold a test runner's process open until the next tick.
      if (typeof keepAlive === 'object') keepAlive.unref();
      let unsubscribe = (): void => undefined;
      const stop = (): void => {
        clearInterval(keepAlive);
        unsubscribe();
      };
      unsubscribe = source.onJournalEntry(
        (entry) => {
          if (matches(entry, filter)) send(`event: entry\ndata: ${JSON.stringify(entry)}\n\n`);
        },
        () => {
          stop();
          end();
        },
      );
      return stop;
    },
  };
}

export function journalHandlers(source: JournalSource): { list: ControlHandler; stream: ControlHandler } {
  return {
    list: (call) => jsonAnswer(200, source.journal(filterOf(call))),
    stream: (call) => ({
      status: 200,
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
      stream: entries(source, filterOf(call)),
    }),
  };
}
