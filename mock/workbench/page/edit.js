// The forms that change an article from the page, each through the interface's own operation, so
// the mock's rules apply as to any client (a reserved key is refused, the token is checked): set a
// data key (4.3), replace the whole `data` (4.2) and post a comment (4.6).
// Input that cannot be sent (a value that is not JSON) is refused at its field before any request;
// whatever the mock refuses is shown in its words, at the field it names or at the foot of the form.
import { el, pretty } from './api.js';
import { clearErrors, showFieldError, showOutcome, showRefusal } from './form-errors.js';
import { callOperation, isReserved } from './interface.js';

/** A labelled field; `name` (the label's first word unless given) names it in its errors. */
function field(label, control, name = label.split(' ')[0]) {
  control.dataset.label = name;
  return el('label', { class: 'field' }, el('span', {}, label), control);
}

/**
 * A form of the card: its title, fields, button and outcome line; `submit(form)` runs on each
 * submission, with the last one's errors cleared. The browser's own checks are off: the mock judges.
 */
function editForm({ className, title, fields, button, submit }) {
  const form = el(
    'form',
    { class: className, novalidate: true },
    el('h4', {}, title),
    fields,
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, button)),
    el('p', { class: 'outcome' }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearErrors(form);
    return submit(form);
  });
  return form;
}

/** The JSON in `text`, or why it is not JSON in a sentence for the field. */
function parseJson(text) {
  if (text.trim() === '') return { reason: 'write a JSON value: "teal" (text in double quotes), 3, true or [1, 2]' };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    // The browser's own words name the character it stumbled on.
    return { reason: `is not JSON (${error.message}). Text goes in double quotes: "teal"` };
  }
}

/** Runs one change for `form`: its button busy meanwhile, then the outcome or the refusal shown, and the site refreshed. */
async function change(form, { send, done, fieldOf, refresh }) {
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  let answer;
  try {
    answer = await send();
  } catch (error) {
    return showRefusal(form, error, fieldOf);
  } finally {
    button.disabled = false;
  }
  showOutcome(form, done(answer));
  return refresh();
}

function setKeyForm(article, refresh) {
  const key = el('input', { name: 'key', autocomplete: 'off', placeholder: 'colour' });
  const value = el('input', { name: 'value', autocomplete: 'off', placeholder: '"teal", 3 or [1, 2]' });
  return editForm({
    className: 'set-key',
    title: 'Set a key',
    fields: [field('Key', key), field('Value (JSON)', value)],
    button: 'Set key',
    submit: (form) => {
      const parsed = parseJson(value.value);
      if (key.value === '') return showFieldError(key, 'give the key a name');
      if (parsed.reason) return showFieldError(value, parsed.reason);
      const name = key.value;
      return change(form, {
        send: () => callOperation('setDataKey', { article_id: article.id, key: name }, { value: parsed.value }),
        done: () => {
          form.reset();
          return `Set ${name}.`;
        },
        fieldOf: (answerField) => (answerField === 'value' ? value : undefined),
        refresh,
      });
    },
  });
}

/** Reserved keys whose value the answer kept although the sent data changed or left them out. */
function keptReserved(sent, answered) {
  return Object.keys(answered).filter(
    (key) => isReserved(key) && JSON.stringify(sent[key]) !== JSON.stringify(answered[key]),
  );
}

function dataForm(article, refresh) {
  const data = el('textarea', { name: 'data', rows: 6, spellcheck: 'false' });
  data.addEventListener('input', () => {
    data.dataset.edited = 'true';
  });
  return editForm({
    className: 'edit-data',
    title: 'Replace all data',
    fields: [field('Data (a JSON object)', data)],
    button: 'Save data',
    submit: (form) => {
      const parsed = parseJson(data.value);
      if (parsed.reason) return showFieldError(data, parsed.reason);
      const sent = parsed.value;
      if (sent === null || typeof sent !== 'object' || Array.isArray(sent))
        return showFieldError(data, 'must be a JSON object, such as {"colour": "teal"}');
      return change(form, {
        send: () => callOperation('updateArticle', { article_id: article.id }, { article: { data: sent } }),
        done: (answer) => {
          delete data.dataset.edited;
          const kept = keptReserved(sent, answer.data);
          return kept.length === 0 ? 'Saved.' : `Saved. Reserved keys keep their values: ${kept.join(', ')}.`;
        },
        fieldOf: (answerField) => (answerField.startsWith('article') ? data : undefined),
        refresh,
      });
    },
  });
}

function commentForm(article, refresh) {
  const author = el('input', { name: 'author', autocomplete: 'name' });
  const email = el('input', { name: 'author_email', type: 'email', autocomplete: 'email' });
  const body = el('textarea', { name: 'body', rows: 2 });
  const byAnswerField = { 'comment.author': author, 'comment.author_email': email, 'comment.body': body };
  return editForm({
    className: 'post-comment',
    title: 'Post a comment',
    fields: [field('Author', author), field('E-mail', email), field('Comment', body)],
    button: 'Post comment',
    submit: (form) => {
      const comment = { author: author.value, author_email: email.value, body: body.value };
      return change(form, {
        send: () => callOperation('postComment', { article_id: article.id }, { comment }),
        done: () => {
          form.reset();
          return 'Comment posted.';
        },
        fieldOf: (answerField) => byAnswerField[answerField],
        refresh,
      });
    },
  });
}

/** The forms of one article, behind one disclosure so the site stays short to scan. */
export function editDetails(article, refresh) {
  return el(
    'details',
    { class: 'edit' },
    el('summary', {}, 'Edit data · post a comment'),
    el(
      'div',
      { class: 'forms' },
      setKeyForm(article, refresh),
      commentForm(article, refresh),
      dataForm(article, refresh),
    ),
  );
}

/** The data editor shows the article's data as it is now, unless the user has changed it since. */
export function fillDataEditor(card, article) {
  const data = card.querySelector('.edit-data textarea');
  if (data.dataset.edited !== 'true') data.value = pretty(article.data);
}
