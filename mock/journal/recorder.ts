/**
 * Records each request once answered, in the journal and the one-line log; the Express route and
 * the fast path share it (`FastPathParts['record']`). The control API serves what it records.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatLogLine, maskToken } from '../http/journal';
import { captureExchange } from './capture';
import type { RequestJournal } from './request-journal';

/** Bodies kept by the journal in all, beyond which the oldest entries go (besides the entry count). */
export const journalMaxBytes = 16 * 1024 * 1024;

export function journalRecorder(
  journal: RequestJournal,
  log: ((line: string) => void) | undefined,
  token: string | undefined,
): (request: IncomingMessage, response: ServerResponse, path: string) => void {
  return (request, response, path) => {
    const started = process.hrtime.bigint();
    captureExchange(request, response, path, (sent, answer) => {
      const timing = { at: new Date().toISOString(), ms: Number(process.hrtime.bigint() - started) / 1e6 };
      journal.add(sent, answer, timing);
      log?.(formatLogLine({ method: sent.method, path: maskToken(path, token), status: answer.status, ms: timing.ms }));
    });
  };
}
