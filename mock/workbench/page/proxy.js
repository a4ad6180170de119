// The validating proxy's workbench at /__mock/: its findings and the live journal of what passed
// through, from the proxy's control API. The violations are read again after each exchange.
import { control, showStatus } from './api.js';
import { startJournal } from './journal.js';
import { renderViolations } from './violations.js';

const controlPrefix = document.body.dataset.controlPrefix;

async function start() {
  await renderViolations();
  await startJournal(() => undefined);
  // Each exchange of the interface may bring a report: read them again when one is journalled.
  const stream = new EventSource('journal/stream');
  stream.addEventListener('entry', (event) => {
    const { path } = JSON.parse(event.data);
    if (!path.startsWith(controlPrefix)) renderViolations().catch((error) => showStatus(error.message, true));
  });
  document.getElementById('clear-violations').addEventListener('click', async () => {
    await control('violations', { method: 'DELETE' });
    showStatus('Violations cleared.');
    await renderViolations();
  });
  document.body.dataset.ready = 'true';
}

start().catch((error) => showStatus(error.message, true));
