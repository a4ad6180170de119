/**
 * Records each answered request once, in the journal and the one-line log. The core's `answered`
 * hook hands over what the pipeline already read and answered (section 4's routes); for the
 * requests Express answers (the control API, the workbench) capture.ts copies the bytes as they pass.
 */
import type { RequestHandler } from 'express';
import type { PlainAnswer, PlainRequest } from '../core/plain';
import { formatLogLine, maskToken } from './mask-token';
import { captureExchange } from './capture';
import type { RecordedAnswer, RecordedRequest } from './exchange';
import type { RequestJournal } from './request-journal';

/** Bodies kept by the journal in all, beyond which the oldest entries go (besides the entry count). */
export const journalMaxBytes = 16 * 1024 * 1024;

export type RecordExchange = (request: RecordedRequest, answer: RecordedAnswer, ms: number) => void;

export function journalRecorder(
  journal: RequestJournal,
  log: ((line: string) => void) | undefined,
  token: string | undefined,
): RecordExchange {
  return (request, answer, ms) => {
    journal.add(request, answer, { at: Date.now(), ms });
    log?.(formatLogLine({ method: request.method, path: maskToken(request.url, token), status: answer.status, ms }));
  };
}

const noBytes = new Uint8Array(0);

/** The core's `answered` hook: the body bytes are those the pipeline read, none when it read none. */
export function recordCoreAnswer(
  record: RecordExchange,
): (request: PlainRequest, answer: PlainAnswer, details: { ms: number; body?: Uint8Array }) => void {
  return (request, answer, { ms, body }) => {
    record(
      {
        method: request.method,
        url: request.originalUrl,
        headers: request.headers,
        body: body ?? noBytes,
      },
      {
        status: answer.status,
        headers: answer.headers,
        body: answer.body ?? noBytes,
      },
      ms,
    );
  };
}

/** Journals a request Express answers, once it is sent. */
export function recordExpressAnswer(record: RecordExchange): RequestHandler {
  return (request, response, next) => {
    const started = performance.now();
    captureExchange(request, response, request.originalUrl, (sent, answer) => {
      record(sent, answer, performance.now() - started);
    });
    next();
  };
}
