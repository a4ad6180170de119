// The site as GET /__mock/state gives it: each article with its data (reserved keys marked),
// its comment count and its comments.
import { control, el } from './api.js';

const reservedPrefix = document.body.dataset.reservedPrefix;

function dataTable(data) {
  const rows = Object.entries(data).map(([key, value]) => {
    const reserved = key.startsWith(reservedPrefix);
    return el(
      'tr',
      { class: reserved ? 'reserved' : undefined },
      el(
        'th',
        {},
        key,
        reserved ? el('span', { class: 'badge', title: 'reserved: read-only for clients' }, 'reserved') : '',
      ),
      el('td', {}, el('code', {}, JSON.stringify(value))),
    );
  });
  return rows.length > 0 ? el('table', { class: 'data' }, rows) : el('p', { class: 'muted' }, 'no data');
}

function commentList(comments) {
  return el(
    'details',
    { class: 'comments' },
    el('summary', {}, `${comments.length} comment${comments.length === 1 ? '' : 's'}`),
    el(
      'ul',
      {},
      comments.map((comment) =>
        el('li', {}, el('strong', {}, comment.author), ` · ${comment.created_at}`, el('p', {}, comment.body)),
      ),
    ),
  );
}

function articleCard(article, comments, names) {
  return el(
    'article',
    { class: 'card', 'data-article-id': article.id },
    el('h3', {}, `#${article.id} ${article.title}`),
    el(
      'p',
      { class: 'muted' },
      `${names.pages.get(article.page_id) ?? 'page ?'} · ${names.languages.get(article.language_id) ?? '?'} · ${
        names.people.get(article.author_id) ?? '?'
      } · updated ${article.updated_at}`,
    ),
    dataTable(article.data),
    commentList(comments),
  );
}

export async function renderSite() {
  const site = await control('state');
  const names = {
    pages: new Map(site.pages.map((page) => [page.id, page.title])),
    languages: new Map(site.languages.map((language) => [language.id, language.code ?? language.title])),
    people: new Map(site.people.map((person) => [person.id, person.name])),
  };
  const cards = site.articles.map((article) =>
    articleCard(
      article,
      site.comments.filter((comment) => comment.article_id === article.id),
      names,
    ),
  );
  document.getElementById('site').replaceChildren(...cards);
}
