/**
 * Records each answered request once, in the journal and the one-line log, from the core's
 * `answered` hook: what the pipeline read and answered, for the interface's routes and the control
 * API alike. Only the first 64 kB + 1 byte of each body are kept (a loaded fixture, or the state
 * of a large site, may be hundreds of megabytes): the entry needs no more to show the body cut.
 */
import type { Kept } from '../core/route-list';
import type { PlainAnswer, PlainRequest } from '../core/plain';
import { formatLogLine, maskToken } from './mask-token';
import { counted } from './counted';
import { bodyLimitBytes, type Body, type Findings, type RecordedAnswer, type RecordedRequest } from './journal-entry';
import type { RequestJournal } from './request-journal';

/** Bodies kept by the journal in all, beyond which the oldest entries go (besides the entry count). */
export const journalMaxBytes = 16 * 1024 * 1024;

/** The proxy's findings as the log line adds them: `(1 violation, 1 client finding)`. */
export const describeFindings = ({ deployment, client }: Findings): string =>
  [
    ...(deployment > 0 ? [counted(deployment, 'violation')] : []),
    ...(client > 0 ? [counted(client, 'client finding')] : []),
  ].join(', ');

export type RecordExchange = (request: RecordedRequest, answer: RecordedAnswer, ms: number) => void;

export function journalRecorder(
  journal: RequestJournal,
  log: ((line: string) => void) | undefined,
  token: string | undefined,
): RecordExchange {
  return (request, answer, ms) => {
    journal.add(request, answer, { at: Date.now(), ms });
    const line = formatLogLine({
      method: request.method,
      path: maskToken(request.url, token),
      status: answer.status,
      ms,
    });
    log?.(answer.findings ? `${line} (${describeFindings(answer.findings)})` : line);
  };
}

const noBytes = new Uint8Array(0);
const keptLength = bodyLimitBytes + 1;
const encoder = new TextEncoder();

/**
 * A body as the journal keeps it: whole when short, else a copy of its first bytes. A long text is
 * encoded from its start (a slice of a string would keep the whole string alive).
 */
function kept(body: Body | undefined): Body {
  if (body === undefined) return noBytes;
  if (body.length <= keptLength) return body;
  const bytes = typeof body === 'string' ? encoder.encode(body.slice(0, keptLength)) : body;
  return Uint8Array.prototype.slice.call(bytes, 0, keptLength);
}

/**
 * The core's `answered` hook: the request body is the bytes a stage read (none when none did), the
 * answer body the one a stage kept for the journal (the proxy's, decoded), else the answer's own.
 */
export function recordCoreAnswer(
  record: RecordExchange,
): (request: PlainRequest, answer: PlainAnswer, ms: number, seen: Kept) => void {
  return (request, answer, ms, seen) => {
    const { findings } = seen;
    record(
      { method: request.method, url: request.originalUrl, headers: request.headers, body: kept(seen.requestBody) },
      {
        status: answer.status,
        headers: answer.headers,
        body: kept(seen.answerBody ?? answer.body),
        ...(findings && findings.deployment + findings.client > 0 ? { findings } : {}),
      },
      ms,
    );
  };
}
