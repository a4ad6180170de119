// The site as GET /__mock/state gives it: each article with its data (reserved keys marked, each key
// removable through the interface's operation, 4.4), its comment count and comments, and the forms
// that change it (edit.js). A refresh updates each card in place, so an opened list, a form being
// filled in and the focus stay as they are.
import { control, el } from './api.js';
import { editDetails, fillDataEditor } from './edit.js';
import { refusalText, showOutcome } from './form-errors.js';
import { callOperation, isReserved } from './interface.js';

/** Removes one key (4.4); what happened is said below the article's data. */
function removeButton(article, key, refresh) {
  const button = el('button', { type: 'button', class: 'remove', 'aria-label': `Remove ${key}` }, 'remove');
  button.addEventListener('click', async () => {
    const part = button.closest('.data-part');
    showOutcome(part, '');
    try {
      await callOperation('deleteDataKey', { article_id: article.id, key });
    } catch (error) {
      return showOutcome(part, `${key} was not removed: ${refusalText(error)}`, true);
    }
    showOutcome(part, `Removed ${key}.`);
    return refresh();
  });
  return button;
}

function dataTable(article, refresh) {
  const rows = Object.entries(article.data).map(([key, value]) => {
    const reserved = isReserved(key);
    return el(
      'tr',
      { class: reserved ? 'reserved' : undefined, 'data-key': key },
      el(
        'th',
        {},
        key,
        reserved ? el('span', { class: 'badge', title: 'reserved: read-only for clients' }, 'reserved') : '',
      ),
      el('td', {}, el('code', {}, JSON.stringify(value))),
      el('td', {}, removeButton(article, key, refresh)),
    );
  });
  return rows.length > 0 ? el('table', { class: 'data' }, rows) : el('p', { class: 'muted' }, 'no data');
}

const commentItems = (comments) =>
  comments.map((comment) =>
    el('li', {}, el('strong', {}, comment.author), ` · ${comment.created_at}`, el('p', {}, comment.body)),
  );

const metaText = (article, names) =>
  `${names.pages.get(article.page_id) ?? 'page ?'} · ${names.languages.get(article.language_id) ?? '?'} · ${
    names.people.get(article.author_id) ?? '?'
  } · updated ${article.updated_at}`;

function newCard(article, refresh) {
  return el(
    'article',
    { class: 'card', 'data-article-id': article.id },
    el('h3'),
    el('p', { class: 'muted meta' }),
    el('div', { class: 'data-part' }, el('div', { class: 'data-view' }), el('p', { class: 'outcome' })),
    el('details', { class: 'comments' }, el('summary'), el('ul')),
    editDetails(article, refresh),
  );
}

/** The parts of a card that show the site, rewritten; its forms and opened lists are left alone. */
function updateCard(card, article, comments, names, refresh) {
  card.querySelector('h3').textContent = `#${article.id} ${article.title}`;
  card.querySelector('.meta').textContent = metaText(article, names);
  card.querySelector('.data-view').replaceChildren(dataTable(article, refresh));
  card.querySelector('.comments summary').textContent = `${comments.length} comment${comments.length === 1 ? '' : 's'}`;
  card.querySelector('.comments ul').replaceChildren(...commentItems(comments));
  fillDataEditor(card, article);
}

export async function renderSite() {
  const site = await control('state');
  const names = {
    pages: new Map(site.pages.map((page) => [page.id, page.title])),
    languages: new Map(site.languages.map((language) => [language.id, language.code ?? language.title])),
    people: new Map(site.people.map((person) => [person.id, person.name])),
  };
  const list = document.getElementById('site');
  const cards = site.articles.map((article) => {
    const card = list.querySelector(`article[data-article-id="${article.id}"]`) ?? newCard(article, renderSite);
    const comments = site.comments.filter((comment) => comment.article_id === article.id);
    updateCard(card, article, comments, names, renderSite);
    return card;
  });
  // Moving a card would drop the focus of a field in it: the list is rebuilt only when it differs.
  if (cards.some((card, index) => list.children[index] !== card) || list.children.length !== cards.length)
    list.replaceChildren(...cards);
}
