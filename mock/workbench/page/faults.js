// Latency and failure, for every operation and per operation, through GET/PUT/DELETE
// /__mock/faults. The operations come from the OpenAPI document, so the page never lists them itself.
import { control, showStatus } from './api.js';

const form = () => document.getElementById('faults-form');

function showFaults(faults) {
  document.getElementById('faults-now').textContent =
    Object.keys(faults).length === 0 ? 'none' : JSON.stringify(faults);
  document.getElementById('faults-errors').textContent = '';
}

/** One delay and failure from the fields named `delay`, `status` and `rate` plus `suffix`. */
function partFromFields(fields, suffix) {
  const delay = String(fields.get(`delay${suffix}`) ?? '').trim();
  const range = delay.split('-').map((part) => Number(part.trim()));
  const rate = Number(fields.get(`rate${suffix}`));
  return {
    ...(delay === '' ? {} : { delayMs: range.length === 2 ? range : range[0] }),
    ...(rate > 0 ? { failure: { status: Number(fields.get(`status${suffix}`)), rate } } : {}),
  };
}

function faultsFromForm(operationIds) {
  const fields = new FormData(form());
  const operations = Object.fromEntries(
    operationIds.map((id) => [id, partFromFields(fields, `-${id}`)]).filter(([, part]) => Object.keys(part).length > 0),
  );
  return { ...partFromFields(fields, ''), ...(Object.keys(operations).length > 0 ? { operations } : {}) };
}

async function operationIdsOfDocument() {
  const document = await control('openapi.json');
  return Object.values(document.paths).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
}

function operationRow(id) {
  const row = document.createElement('tr');
  row.dataset.operation = id;
  // Labelled one by one: on a narrow window the table has no header row.
  const input = (name, label, attributes) => {
    const field = Object.assign(document.createElement('input'), { name: `${name}-${id}`, ...attributes });
    field.setAttribute('aria-label', `${id}: ${label}`);
    field.title = label;
    return field;
  };
  const cells = [
    id,
    input('delay', 'latency (ms or min-max)', { placeholder: 'latency' }),
    input('status', 'failure status', { type: 'number', min: 400, max: 599, defaultValue: 503 }),
    input('rate', 'failure rate (0-1)', { type: 'number', min: 0, max: 1, step: 0.05, placeholder: 'rate' }),
  ];
  for (const content of cells) {
    const cell = document.createElement('td');
    cell.append(content);
    row.append(cell);
  }
  return row;
}

/** The faults in force, shown again (a scenario served brings its own). */
export async function showCurrentFaults() {
  showFaults(await control('faults'));
}

export async function setUpFaults() {
  const operationIds = await operationIdsOfDocument();
  document.querySelector('#operation-faults tbody').append(...operationIds.map(operationRow));
  showFaults(await control('faults'));
  form().addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const body = JSON.stringify(faultsFromForm(operationIds));
      showFaults(await control('faults', { method: 'PUT', body }));
      showStatus('Faults applied.');
    } catch (error) {
      document.getElementById('faults-errors').textContent = error.message;
    }
  });
  document.getElementById('clear-faults').addEventListener('click', async () => {
    await control('faults', { method: 'DELETE' });
    // The fields back to their defaults too, so nothing on the page still shows a fault.
    form().reset();
    showFaults({});
    showStatus('Faults cleared.');
  });
}
