/**
 * The API docs (/__mock/docs, Swagger UI over the mock's own OpenAPI document) in Chromium, with
 * the mock started with a token as `--token` starts it: the six operations are listed and "Try it
 * out" calls the mock; Authorize takes the token for the `X-API-TOKEN` header or the `api_token`
 * query, and a write tried out with it is accepted; one tried without it shows the documented 401.
 */
import type { Locator, Page } from 'playwright-core';
import { useMockPage } from './mock-page';

jest.setTimeout(60_000);

const token = 'docs-token';
const docs = useMockPage({ path: '/__mock/docs', ready: '.opblock', options: { token } });

const operation = (page: Page, id: string): Locator =>
  page.locator('.opblock', { has: page.locator(`.opblock-summary-operation-id:text-is("${id}")`) });

/** Opens the operation, sends its example request with "Execute", and gives the live answer's status cell. */
async function execute(page: Page, id: string): Promise<Locator> {
  const block = operation(page, id);
  await block.locator('.opblock-summary').click();
  await block.locator('button.execute').click();
  const status = block.locator('.live-responses-table tr.response td.response-col_status').first();
  await status.waitFor();
  return status;
}

/** Gives the token in the Authorize dialog for the scheme that sends it as `name` (`X-API-TOKEN` or `api_token`). */
async function authorize(page: Page, name: string): Promise<void> {
  await page.click('.auth-wrapper .authorize');
  const scheme = page.locator('.auth-container', { has: page.locator(`code:text-is("${name}")`) });
  await scheme.locator('input').fill(token);
  await scheme.locator('button.authorize').click();
  await scheme.locator('button.btn-done').click();
}

describe('the API docs', () => {
  it('list the six operations from the mock’s own OpenAPI document, and “try it” calls the mock', async () => {
    const { page } = docs.opened;
    const ids = await page.locator('.opblock-summary-operation-id').allTextContents();
    expect(ids.sort()).toEqual(
      ['deleteDataKey', 'listComments', 'postComment', 'readArticle', 'setDataKey', 'updateArticle'].sort(),
    );
    expect(await page.textContent('.servers')).toContain(docs.base);
    const groups = await page.locator('.opblock-tag').allTextContents();
    expect(groups.map((group) => group.split(/One |An /)[0]?.trim())).toEqual(['Articles', 'Article data', 'Comments']);
    const read = page.locator('#operations-Articles-readArticle');
    await read.locator('.opblock-summary').click();
    // The example answer is the sample site's article 1, not one invented from the schema's patterns.
    await read.locator('.responses-wrapper').getByText('2024-03-02T16:45:10.250Z').first().waitFor();
    await read.locator('input[placeholder="article_id"]').fill('2');
    await read.locator('button.execute').click();
    await read.locator('.live-responses-table .response-col_status').first().waitFor();
    expect(docs.mock.journal({ path: '/admin/api/articles/2', status: 200 })).toHaveLength(1);
    await page.click('.docs-bar a');
    await page.waitForSelector('body[data-ready="true"]');
  });

  it('take the token in the X-API-TOKEN header from Authorize, and a write tried out with it is accepted', async () => {
    const { page } = docs.opened;
    await authorize(page, 'X-API-TOKEN');
    expect(await (await execute(page, 'setDataKey')).textContent()).toMatch(/^200/);
    const [sent] = docs.mock.journal({ method: 'PUT', path: '/data/colour' });
    expect([sent?.status, sent?.requestHeaders['x-api-token']]).toEqual([200, '***']);
  });

  it('take the token in the api_token query from Authorize, and a write tried out with it is accepted', async () => {
    const { page } = docs.opened;
    await authorize(page, 'api_token');
    expect(await (await execute(page, 'deleteDataKey')).textContent()).toMatch(/^204/);
    const [sent] = docs.mock.journal({ method: 'DELETE' });
    expect([sent?.status, sent?.query.api_token]).toEqual([204, '***']);
  });

  it('show a write tried out without the token answered with the documented 401 and its message', async () => {
    const { page } = docs.opened;
    const status = await execute(page, 'postComment');
    expect((await status.textContent())?.trim()).toBe('401');
    const answer = operation(page, 'postComment').locator('.live-responses-table .response-col_description');
    await answer.getByText('"Unauthorized."').waitFor();
    expect(docs.mock.journal({ method: 'POST' }).map((entry) => entry.status)).toEqual([401]);
  });
});
