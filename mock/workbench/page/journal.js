// The journal, live: the entries so far from GET /__mock/journal, then each new one from the
// server-sent events of /__mock/journal/stream, newest on top, each expandable to its bodies.
import { control, el, pretty } from './api.js';

const shownEntries = 200;

function part(title, value) {
  return value === undefined ? [] : [el('h4', {}, title), el('pre', {}, pretty(value))];
}

/**
 * A path cut in two for its row: the part that is the same in most rows (`/admin/api/articles/`),
 * elided first when the row is narrow, and the part that tells requests apart, from the first
 * number (the article id) on, or else the last segment, with the query. CSS cannot elide the middle
 * of one text, so the row shows two.
 */
function splitPath(path) {
  const [address] = path.split('?');
  const id = /\/\d+(\/|$)/.exec(address);
  const cut = id ? id.index + 1 : address.lastIndexOf('/') + 1;
  return { head: path.slice(0, cut), tail: path.slice(cut) };
}

function pathCell(path) {
  const { head, tail } = splitPath(path);
  return el(
    'span',
    { class: 'path', title: path },
    el('span', { class: 'head' }, head),
    el('span', { class: 'tail' }, tail),
  );
}

function entryItem(entry) {
  const time = entry.at.slice(11, 23);
  return el(
    'li',
    { class: `entry status-${String(entry.status)[0]}xx`, 'data-path': entry.path },
    el(
      'details',
      {},
      el(
        'summary',
        {},
        el('span', { class: 'time' }, time),
        el('span', { class: 'method' }, entry.method),
        pathCell(entry.path),
        el('span', { class: 'code' }, entry.status),
        el('span', { class: 'ms' }, `${entry.ms.toFixed(1)} ms`),
      ),
      el(
        'div',
        { class: 'bodies' },
        el('p', { class: 'full-path' }, el('code', {}, `${entry.method} ${entry.path}`)),
        entry.truncated ? el('p', { class: 'muted' }, 'A body was longer than 64 kB and is cut.') : '',
        el('div', {}, ...part('Query', entry.query), ...part('Request headers', entry.requestHeaders)),
        el('div', {}, ...part('Request body', entry.requestBody), ...part('Response body', entry.responseBody)),
      ),
    ),
  );
}

const controlPrefix = document.body.dataset.controlPrefix;

/**
 * The mock's own requests, hidden while the box is ticked: the page and the control API under the
 * prefix, and `/`, which only redirects to the page (mock/adapters/express-app.ts).
 */
function isMockOwn(entry) {
  const [address] = entry.path.split('?');
  return address === '/' || address === controlPrefix || address.startsWith(`${controlPrefix}/`);
}

/** `onWrite` is called after each change made through the interface, to refresh the site. */
export async function startJournal(onWrite) {
  const list = document.getElementById('journal');
  const hideControl = document.getElementById('hide-control');
  const add = (entry) => {
    if (hideControl.checked && isMockOwn(entry)) return;
    list.prepend(entryItem(entry));
    while (list.children.length > shownEntries) list.lastElementChild.remove();
  };
  const reload = async () => {
    list.replaceChildren();
    for (const entry of await control('journal')) add(entry);
  };
  hideControl.addEventListener('change', reload);
  await reload();
  const live = document.getElementById('live');
  const stream = new EventSource('journal/stream');
  stream.addEventListener('open', () => {
    live.textContent = 'live';
    live.className = 'badge live';
  });
  stream.addEventListener('error', () => {
    live.textContent = 'reconnecting';
    live.className = 'badge';
  });
  stream.addEventListener('entry', (event) => {
    const entry = JSON.parse(event.data);
    add(entry);
    if (!isMockOwn(entry) && entry.method !== 'GET' && entry.method !== 'HEAD') onWrite();
  });
  return reload;
}
