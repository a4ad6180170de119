/**
 * The proxy's rows of the control API (`/__mock`, rows of core/control-table.ts): its workbench page
 * (the journal and the violations, served as the mock's page is, with the same session door), the
 * violations found so far, and the journal with each entry's violation count, answered by the mock's own
 * journal handlers, so the filter (`?method=&path=&status=`) and the stream (`/journal/stream`)
 * work the same. The proxy's core serves them, with the same guard, 404 and 405 as the mock's.
 */
import { jsonAnswer, noContentAnswer } from '../core/answers';
import { servedControl, type ServedControl } from '../core/control-stage';
import { journalHandlers } from '../journal/routes';
import type { RequestJournal } from '../journal/request-journal';
import { sessionHandler } from '../security/session';
import { workbenchHandlers } from '../workbench/routes';
import type { ViolationLog } from './violations';

export function proxyControl(parts: {
  violations: ViolationLog;
  journal: RequestJournal;
  controlToken: string | undefined;
  /** The deployment forwarded to, as its page names it. */
  upstream: string;
}): ServedControl {
  const { violations, journal } = parts;
  const workbench = workbenchHandlers({ page: 'proxy.html', upstream: parts.upstream });
  const entries = journalHandlers({
    journal: (filter) => journal.list(filter),
    onJournalEntry: (listener) => journal.subscribe(listener),
  });
  return servedControl('proxy', {
    '/__mock/': { GET: workbench.page },
    '/__mock/assets/*': { GET: workbench.assets },
    '/__mock/session': { POST: sessionHandler(parts.controlToken) },
    '/__mock/journal': { GET: entries.list },
    '/__mock/journal/stream': { GET: entries.stream },
    '/__mock/violations': {
      GET: () => jsonAnswer(200, violations.list()),
      DELETE: () => {
        violations.clear();
        return noContentAnswer();
      },
    },
  });
}
