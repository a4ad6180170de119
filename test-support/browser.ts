/**
 * A real browser for tests: Chromium (chromium.ts) driven by playwright-core. Pages opened here
 * record every request that leaves the page's own origin, so a test can require that nothing is
 * fetched from another host.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RequestListener } from 'node:http';
import { chromiumOptions, runBrowserEndpoint } from './chromium';

/**
 * A browser for a test file: the run's shared Chromium (chromium.ts) when there is one, so each
 * file does not start its own; a Chromium of its own when it needs `extraArgs` (e.g.
 * `--host-resolver-rules` to give a name to loopback), which apply to a whole browser. Closing what
 * this returns closes the file's pages and contexts, never the shared browser.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const shared = runBrowserEndpoint();
  if (shared !== undefined && extraArgs.length === 0) return chromium.connect(shared);
  return chromium.launch(chromiumOptions(extraArgs));
}

export interface OpenedPage {
  page: Page;
  /** Addresses the page requested outside its own origin (should stay empty). */
  foreignRequests: string[];
  /** Errors thrown in the page's scripts. */
  pageErrors: string[];
}

export async function openPage(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 800 },
): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport });
  const origin = new URL(url).origin;
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => {
    const address = request.url();
    if (!address.startsWith(`${origin}/`) && !address.startsWith('data:')) foreignRequests.push(address);
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  return { page, foreignRequests, pageErrors };
}

/**
 * The characters of `text`, within the element `selector` names, that the reader cannot see as
 * the page is laid out (outside an ancestor that clips them, or under its ellipsis): empty when
 * all of `text` shows. The measure runs in the page (page-scripts/hidden-characters.js).
 */
export async function hiddenCharacters(page: Page, selector: string, text: string): Promise<string> {
  if (!(await page.evaluate<boolean>("typeof window.hiddenCharacters === 'function'")))
    await page.addScriptTag({ path: join(__dirname, 'page-scripts', 'hidden-characters.js') });
  return page.evaluate<string>(`window.hiddenCharacters(${JSON.stringify(selector)}, ${JSON.stringify(text)})`);
}

/** Serves a request listener (an Express app) on a free loopback port. */
export async function serveOnLoopback(listener: RequestListener): Promise<{ base: string; server: Server }> {
  const server = createServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { base: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, server };
}

export function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) =>
    server.close(() => {
      done();
    }),
  );
}
