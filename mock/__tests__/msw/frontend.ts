/**
 * A tiny frontend for the browser test (mock/__tests__/msw/browser.test.ts): it starts MSW's worker with the
 * mock's handlers, then, as an app would, reads article 1, sets a data key (4.3) and reads the
 * article back. What it saw goes to `page.frontendResult` for the test to read.
 */
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../msw';

interface Seen {
  title: unknown;
  putStatus: number;
  dataAfter: unknown;
}

/** The page's global (the project compiles without DOM types, so `window` is reached through this). */
const page = globalThis as { frontendResult?: Seen | { error: string } };

async function run(): Promise<Seen> {
  const mock = createHandlers();
  await setupWorker(...mock.handlers).start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true });
  const article = (await (await fetch('/admin/api/articles/1')).json()) as { title: unknown };
  const put = await fetch('/admin/api/articles/1/data/theme', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: { colour: 'teal' } }),
  });
  const after = (await (await fetch('/admin/api/articles/1')).json()) as { data: unknown };
  return { title: article.title, putStatus: put.status, dataAfter: after.data };
}

run().then(
  (seen) => {
    page.frontendResult = seen;
  },
  (error: unknown) => {
    page.frontendResult = { error: String(error) };
  },
);
