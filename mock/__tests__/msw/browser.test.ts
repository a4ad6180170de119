/**
 * The MSW handlers in a real browser: Chromium loads a tiny frontend (__tests__/frontend.ts,
 * bundled here by esbuild for the browser) whose requests to section 4's routes are answered by
 * MSW's service worker with the mock's core. The page's own server answers nothing but the page,
 * the bundle and the worker script, so any API answer the page sees came from the handlers.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../test-support/browser';
import { projectRoot } from '../../../test-support/cli-process';

const root = projectRoot;
const page = '<!doctype html><title>frontend</title><script type="module" src="/app.js"></script>';

/** Bundles for the browser: esbuild fails on any import of a Node built-in on this platform. */
async function bundle(entry: string): Promise<{ code: string; inputs: string[] }> {
  const built = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: built.outputFiles[0]?.text ?? '', inputs: Object.keys(built.metafile.inputs) };
}

function serve(files: Record<string, { type: string; body: string }>, seen: string[]): Promise<Server> {
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(418).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': file.type }).end(file.body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(server);
    });
  });
}

test('the handlers bundle for the browser without Express or any Node built-in', async () => {
  const { inputs } = await bundle('mock/msw/index.ts');
  expect(inputs.filter((input) => /node_modules\/(express|body-parser)\/|^node:/.test(input))).toEqual([]);
  expect(inputs).toContain('mock/core/pipeline.ts');
}, 60_000);

describe('a frontend in Chromium with msw/browser', () => {
  let browser: Browser | undefined;
  let server: Server | undefined;
  const seen: string[] = [];

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  test('fetches an article, writes a data key and reads it back through the service worker', async () => {
    const { code } = await bundle('mock/__tests__/msw/frontend.ts');
    const worker = readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');
    server = await serve(
      {
        '/': { type: 'text/html', body: page },
        '/app.js': { type: 'text/javascript', body: code },
        '/mockServiceWorker.js': { type: 'text/javascript', body: worker },
      },
      seen,
    );
    browser = await launchBrowser();
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await tab.waitForFunction(() => 'frontendResult' in globalThis, undefined, { timeout: 30_000 });
    const result = await tab.evaluate(
      () =>
        (globalThis as { frontendResult?: { title: unknown; putStatus: number; dataAfter: object } }).frontendResult,
    );
    expect(result).toMatchObject({ title: 'Ten years of small websites', putStatus: 200 });
    expect(result?.dataAfter).toMatchObject({ theme: { colour: 'teal' } });
    expect(seen.filter((url) => url.startsWith('/admin/'))).toEqual([]);
  }, 90_000);
});
