// Latency and failure, for every operation and per operation, through GET/PUT/DELETE
// /__mock/faults. The operations come from the OpenAPI document, so the page never lists them itself.
// A refused value is shown next to its field, under the form's label for it.
import { control, el, showStatus } from './api.js';
import { clearErrors, showRefusal } from './form-errors.js';
import { describeFaults } from './faults-summary.js';
import { operationIds } from './interface.js';

const form = () => document.getElementById('faults-form');

function showFaults(faults) {
  document.getElementById('faults-now').replaceChildren(...describeFaults(faults).map((line) => el('li', {}, line)));
  clearErrors(form());
}

/** `300` as a number, `200-800` as a pair; any other text as it is, for the mock to refuse in its words. */
function delayOf(text) {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const range = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/.exec(text);
  return range ? [Number(range[1]), Number(range[2])] : text;
}

/** One delay and failure from the fields named `delay`, `status` and `rate` plus `suffix`. */
function partFromFields(fields, suffix) {
  const delay = String(fields.get(`delay${suffix}`) ?? '').trim();
  const rate = Number(fields.get(`rate${suffix}`));
  return {
    ...(delay === '' ? {} : { delayMs: delayOf(delay) }),
    ...(rate > 0 ? { failure: { status: Number(fields.get(`status${suffix}`)), rate } } : {}),
  };
}

function faultsFromForm(ids) {
  const fields = new FormData(form());
  const operations = Object.fromEntries(
    ids.map((id) => [id, partFromFields(fields, `-${id}`)]).filter(([, part]) => Object.keys(part).length > 0),
  );
  return { ...partFromFields(fields, ''), ...(Object.keys(operations).length > 0 ? { operations } : {}) };
}

const fieldNames = { delayMs: 'delay', 'failure.status': 'status', 'failure.rate': 'rate' };

/** The form's field for a field of the control API's answer: `operations.readArticle.delayMs` is `delay-readArticle`. */
function fieldOf(name) {
  const found = /^(?:operations\.([^.]+)\.)?(delayMs|failure\.status|failure\.rate)$/.exec(name);
  if (!found) return undefined;
  const field = form().elements.namedItem(`${fieldNames[found[2]]}${found[1] ? `-${found[1]}` : ''}`);
  return field ?? undefined;
}

/** The control API speaks of its JSON (`[min, max]`); the form takes a range as `min-max`. */
const inFormWords = (reason) => reason.replace('[min, max]', 'a range min-max, such as 200-800');

function operationRow(id) {
  // Each field carries its own visible label, shown when the table's header row is not (narrow windows).
  const input = (name, label, attributes) => {
    const field = el('input', { name: `${name}-${id}`, 'aria-label': `${id}: ${label}`, 'data-label': label });
    Object.assign(field, attributes);
    return el('td', {}, el('label', { class: 'cell' }, el('span', { class: 'cell-label' }, label), field));
  };
  return el(
    'tr',
    { 'data-operation': id },
    el('th', { scope: 'row' }, id),
    input('delay', 'Latency', { placeholder: 'ms' }),
    input('status', 'Failure status', { type: 'number', min: 400, max: 599, defaultValue: 503 }),
    input('rate', 'Failure rate', { type: 'number', min: 0, max: 1, step: 0.05, placeholder: '0-1' }),
  );
}

/** The faults in force, shown again (a scenario served brings its own). */
export async function showCurrentFaults() {
  showFaults(await control('faults'));
}

export async function setUpFaults() {
  const ids = await operationIds();
  document.querySelector('#operation-faults tbody').append(...ids.map(operationRow));
  showFaults(await control('faults'));
  form().addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form());
    try {
      const body = JSON.stringify(faultsFromForm(ids));
      showFaults(await control('faults', { method: 'PUT', body }));
      showStatus('Faults applied.');
    } catch (error) {
      showRefusal(form(), error, fieldOf, inFormWords);
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
