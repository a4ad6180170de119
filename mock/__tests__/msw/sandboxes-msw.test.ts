/**
 * Sandboxes in the MSW handlers (msw/node): the `X-Mock-Sandbox` header names a sandbox there as on
 * the server, so test files sharing one set of handlers keep their writes apart (docs/scenarios.md).
 */
import { setupServer } from 'msw/node';
import { createHandlers } from '../../msw';
import { failUnhandled } from './fail-unhandled';

const origin = 'https://api.example.com';
const mock = createHandlers({ baseUrl: origin });
const server = setupServer(...mock.handlers);
beforeAll(() => {
  server.listen(failUnhandled);
});
afterAll(() => {
  server.close();
});

const colourIn = async (headers: Record<string, string>): Promise<unknown> => {
  const article = (await (await fetch(`${origin}/admin/api/articles/1`, { headers })).json()) as {
    data: Record<string, unknown>;
  };
  return article.data.colour;
};

test('a write in a sandbox named by the header is seen there only', async () => {
  const opened = await fetch(`${origin}/__mock/sandboxes`, { method: 'POST' });
  const { id } = (await opened.json()) as { id: string };
  const other = mock.openSandbox().id;
  await fetch(`${origin}/admin/api/articles/1/data/colour`, {
    method: 'PUT',
    headers: { 'X-Mock-Sandbox': id, 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: 'mine' }),
  });
  expect([
    await colourIn({ 'X-Mock-Sandbox': id }),
    await colourIn({ 'X-Mock-Sandbox': other }),
    await colourIn({}),
  ]).toEqual(['mine', undefined, undefined]);
  expect((await fetch(`${origin}/admin/api/articles/1`, { headers: { 'X-Mock-Sandbox': 'nope' } })).status).toBe(400);
});
