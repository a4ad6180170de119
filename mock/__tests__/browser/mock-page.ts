/**
 * Jest hooks shared by the browser tests of the workbench and the API docs: one Chromium for the
 * file and, for each test, a fresh mock on a loopback port with one of its pages opened and ready.
 * After each test, no request has left the mock's origin and no script error was thrown.
 */
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, serveOnLoopback, stopServer, type OpenedPage } from '../../../test-support/browser';
import { createApp, type MockApp } from '../../app/create-app';
import type { MockOptions } from '../../app/options';

export interface MockPage {
  browser: Browser;
  mock: MockApp;
  /** `http://127.0.0.1:<port>` of this test's mock. */
  base: string;
  opened: OpenedPage;
}

interface PageToOpen {
  /** Where the page is opened, e.g. `/` (which redirects to the workbench). */
  path: string;
  /** A selector that shows the page is ready to be used. */
  ready: string;
  options?: MockOptions;
}

/** Registers the hooks; the returned object is filled in before each test runs. */
export function useMockPage({ path, ready, options = {} }: PageToOpen): MockPage {
  const session = {} as MockPage;
  let server: Server;
  beforeAll(async () => {
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser.close();
  });
  beforeEach(async () => {
    session.mock = createApp(options);
    ({ base: session.base, server } = await serveOnLoopback(session.mock.app));
    session.opened = await openPage(session.browser, `${session.base}${path}`);
    await session.opened.page.waitForSelector(ready);
  });
  afterEach(async () => {
    expect(session.opened.foreignRequests).toEqual([]);
    expect(session.opened.pageErrors).toEqual([]);
    await session.opened.page.close();
    await stopServer(server);
  });
  return session;
}

/** The workbench, opened at `/` as a person would (it redirects to `/__mock/`). */
export const useWorkbench = (options: MockOptions = {}): MockPage =>
  useMockPage({ path: '/', ready: 'body[data-ready="true"]', options });
