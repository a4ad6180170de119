// Latency and failure per operation, through GET/PUT/DELETE /__mock/faults. The operations come
// from the OpenAPI document, so the page never lists them itself.
import { control, showStatus } from './api.js';

const form = () => document.getElementById('faults-form');

function showFaults(faults) {
  document.getElementById('faults-now').textContent =
    Object.keys(faults).length === 0 ? 'none' : JSON.stringify(faults);
  document.getElementById('faults-errors').textContent = '';
}

function faultsFromForm() {
  const fields = new FormData(form());
  const delay = String(fields.get('delay')).trim();
  const range = delay.split('-').map((part) => Number(part.trim()));
  const operation = String(fields.get('operation'));
  const rate = Number(fields.get('rate'));
  return {
    ...(delay === '' ? {} : { delayMs: range.length === 2 ? range : range[0] }),
    ...(rate > 0
      ? { failure: { status: Number(fields.get('status')), rate, ...(operation ? { operation } : {}) } }
      : {}),
  };
}

async function operations() {
  const document = await control('openapi.json');
  return Object.values(document.paths).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
}

export async function setUpFaults() {
  const select = form().elements.namedItem('operation');
  for (const id of await operations()) select.append(new Option(id, id));
  showFaults(await control('faults'));
  form().addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      showFaults(await control('faults', { method: 'PUT', body: JSON.stringify(faultsFromForm()) }));
      showStatus('Faults set.');
    } catch (error) {
      document.getElementById('faults-errors').textContent = error.message;
    }
  });
  document.getElementById('clear-faults').addEventListener('click', async () => {
    await control('faults', { method: 'DELETE' });
    showFaults({});
    showStatus('Faults cleared.');
  });
}
