/**
 * Changes made from the workbench page in Chromium, each through the interface's own operation:
 * setting and removing a data key (sections 4.3, 4.4), replacing an article's whole `data` (4.2)
 * and posting a comment (4.6). The site shows each change; what cannot be sent is refused at its
 * field before any request, and what the mock refuses is shown in its words where it belongs. With
 * a token in force the page says so and sends it.
 */
import { fillForm, workbenchForms } from '../../../test-support/workbench-forms';
import { useWorkbench, type MockPage } from './mock-page';

jest.setTimeout(60_000);

const articleData = (workbench: MockPage, id: number): Record<string, unknown> | undefined =>
  workbench.mock.state().articles.find((article) => article.id === id)?.data;

/** The writes of the interface the journal holds (the page's own control requests left out). */
const interfaceWrites = (workbench: MockPage): string[] =>
  workbench.mock
    .journal()
    .filter((entry) => entry.method !== 'GET' && !entry.path.startsWith('/__mock'))
    .map((entry) => `${entry.method} ${entry.path}`);

describe('changes made from the workbench page', () => {
  const workbench = useWorkbench();
  const forms = (id = 1) => workbenchForms(workbench.opened.page, id);

  it('sets a data key, and the site shows it', async () => {
    const { setKey, card, open } = forms();
    await open();
    await fillForm(setKey, { key: 'colour', value: '"teal"' }, 'Set colour.');
    expect(articleData(workbench, 1)).toMatchObject({ colour: 'teal' });
    await card.locator('tr[data-key="colour"] code:text-is("\\"teal\\"")').waitFor();
    expect(interfaceWrites(workbench)).toEqual(['PUT /admin/api/articles/1/data/colour']);
  });

  it('removes a data key, and the site no longer shows it', async () => {
    const { card } = forms();
    await card.locator('tr[data-key="reading_minutes"] button.remove').click();
    await card.locator('.data-part .outcome:text-is("Removed reading_minutes.")').waitFor();
    expect(articleData(workbench, 1)).not.toHaveProperty('reading_minutes');
    expect(await card.locator('tr[data-key="reading_minutes"]').count()).toBe(0);
  });

  it('replaces the whole data from the JSON editor, and says which reserved keys kept their values', async () => {
    const { data, card, open } = forms();
    await open();
    expect(JSON.parse(await data.locator('textarea').inputValue())).toEqual(articleData(workbench, 1));
    await fillForm(data, { data: '{"colour": "teal"}' }, 'Saved. Reserved keys keep their values: svc_import_source.');
    expect(articleData(workbench, 1)).toEqual({ svc_import_source: 'legacy-blog', colour: 'teal' });
    await card.locator('tr[data-key="colour"]').waitFor();
    expect(await card.locator('tr[data-key="featured"]').count()).toBe(0);
  });

  it('posts a comment, and the site counts and lists it', async () => {
    const { comment, card, open } = forms(2);
    await open();
    const sent = { author: 'Ada', author_email: 'ada@example.com', body: 'Nice post!' };
    await fillForm(comment, sent, 'Comment posted.');
    expect(workbench.mock.state().comments).toContainEqual(expect.objectContaining({ article_id: 2, ...sent }));
    await card.locator('.comments summary:text-is("2 comments")').waitFor();
    await card.locator('.comments li', { hasText: 'Nice post!' }).waitFor({ state: 'attached' });
  });

  it('keeps what is typed in a form when a write from elsewhere refreshes the site', async () => {
    const { comment, card, open } = forms();
    await open();
    await comment.locator('[name="author"]').fill('Half-typed');
    const outside = await fetch(`${workbench.base}/admin/api/articles/1/data/colour`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 'red' }),
    });
    expect(outside.status).toBe(200);
    await card.locator('tr[data-key="colour"]').waitFor();
    expect(await comment.locator('[name="author"]').inputValue()).toBe('Half-typed');
    expect(await card.locator('details.edit').getAttribute('open')).toBe('');
  });

  it('shows no token notice when writes need none', async () => {
    const notice = workbench.opened.page.locator('#token');
    expect(await notice.count()).toBe(1);
    expect(await notice.isHidden()).toBe(true);
  });
});

describe('errors of changes made from the workbench page', () => {
  const workbench = useWorkbench();
  const forms = (id = 1) => workbenchForms(workbench.opened.page, id);
  /** The error shown next to a field: the element the field points to with aria-describedby. */
  const fieldError = async (form: ReturnType<typeof forms>['setKey'], name: string): Promise<string | null> => {
    const field = form.locator(`[name="${name}"]`);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const id = await field.getAttribute('aria-describedby');
    return workbench.opened.page.locator(`#${id ?? 'none'}`).textContent();
  };

  it('shows the mock’s refusal of a reserved key at the form, and changes nothing', async () => {
    const { setKey, open } = forms();
    await open();
    const before = workbench.mock.state();
    await fillForm(setKey, { key: 'svc_theme', value: '"dark"' }, '403');
    expect(await setKey.locator('.outcome').textContent()).toBe('403: Data key "svc_theme" is reserved and read-only.');
    expect(await setKey.locator('.outcome').getAttribute('role')).toBe('alert');
    expect(workbench.mock.state()).toEqual(before);
  });

  it('shows why the removal of a reserved key was refused, beside the data', async () => {
    const { card } = forms();
    await card.locator('tr[data-key="svc_import_source"] button.remove').click();
    await card.locator('.data-part .outcome.error').waitFor();
    expect(await card.locator('.data-part .outcome').textContent()).toBe(
      'svc_import_source was not removed: 403: Data key "svc_import_source" is reserved and read-only.',
    );
    expect(articleData(workbench, 1)).toHaveProperty('svc_import_source', 'legacy-blog');
  });

  it('refuses a value that is not JSON at its field, sending nothing', async () => {
    const { setKey, open } = forms();
    await open();
    await fillForm(setKey, { key: 'colour', value: 'teal' });
    expect(await fieldError(setKey, 'value')).toMatch(
      /^Value: is not JSON \(.+\)\. Text goes in double quotes: "teal"$/,
    );
    expect(interfaceWrites(workbench)).toEqual([]);
  });

  it.each([
    ['{"colour": teal}', /^Data: is not JSON \(.+\)\. Text goes in double quotes: "teal"$/],
    ['[1, 2]', /^Data: must be a JSON object, such as \{"colour": "teal"\}$/],
  ])('refuses %s in the data editor at its field, sending nothing', async (text, reason) => {
    const { data, open } = forms();
    await open();
    await fillForm(data, { data: text });
    expect(await fieldError(data, 'data')).toMatch(reason);
    expect(interfaceWrites(workbench)).toEqual([]);
  });

  it('shows each field the mock refuses in a comment next to that field, by its label', async () => {
    const { comment, open } = forms();
    await open();
    await fillForm(comment, { author: '', author_email: 'ada', body: '' });
    await comment.locator('.field-error').nth(2).waitFor();
    expect(await fieldError(comment, 'author')).toBe("Author: can't be blank");
    expect(await fieldError(comment, 'author_email')).toBe('E-mail: must match format "email"');
    expect(await fieldError(comment, 'body')).toBe("Comment: can't be blank");
    // Sent again, fixed: the errors go.
    await fillForm(comment, { author: 'Ada', author_email: 'ada@example.com', body: 'Hi' }, 'Comment posted.');
    expect(await comment.locator('.field-error').count()).toBe(0);
  });
});

describe('the workbench page with a token in force', () => {
  const workbench = useWorkbench({ token: 'dev-token' });

  it('says so, and sends the token with its writes', async () => {
    const { page } = workbench.opened;
    await page.locator('#token').waitFor();
    expect(await page.locator('#token').textContent()).toContain('X-API-TOKEN');
    const { setKey, open } = workbenchForms(page, 1);
    await open();
    await fillForm(setKey, { key: 'colour', value: '"teal"' }, 'Set colour.');
    const [write] = workbench.mock.journal({ method: 'PUT' });
    expect(write?.status).toBe(200);
    expect(write?.requestHeaders['x-api-token']).toBe('***');
    // The page's own requests, the document that named the token among them, left no trace of it.
    expect(workbench.mock.journal().some((entry) => entry.path === '/__mock/openapi.json')).toBe(true);
    expect(JSON.stringify(workbench.mock.journal())).not.toContain('dev-token');
  });

  it('shows the mock’s 401 when told not to send it', async () => {
    const { page } = workbench.opened;
    await page.uncheck('#send-token');
    const { setKey, open } = workbenchForms(page, 1);
    await open();
    await fillForm(setKey, { key: 'colour', value: '"teal"' }, '401');
    expect(await setKey.locator('.outcome').textContent()).toBe('401: Unauthorized.');
    expect(articleData(workbench, 1)).not.toHaveProperty('colour');
  });
});
