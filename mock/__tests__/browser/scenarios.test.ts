/**
 * Scenarios and sandboxes in real Chromium (docs/scenarios.md): the workbench saves the current
 * site and faults as a scenario and serves one again; a browser context put in a sandbox (by the
 * cookie of `POST /__mock/sandboxes`, or by Playwright's extraHTTPHeaders) is served its own copy of
 * the site; and a page of another origin can neither open nor list sandboxes, nor reach the site of
 * the sandbox the browser is in.
 */
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serveOnLoopback, stopServer } from '../../../test-support/browser';
import { createApp, nodeListener, type MockApp } from '../../index';
import { useWorkbench } from './mock-page';

jest.setTimeout(60_000);

describe('the workbench', () => {
  const workbench = useWorkbench();

  it('saves the current site and faults as a scenario, and serves it again when it is chosen', async () => {
    const { page } = workbench.opened;
    const { mock, base } = workbench;
    await fetch(`${base}/admin/api/articles/1/data/colour`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 'teal' }),
    });
    mock.setFaults({ delayMs: 7 });
    await page.fill('#scenario-name', 'teal-and-slow');
    await page.click('#save-scenario');
    await page.waitForSelector('#status:has-text("Saved the site and faults as scenario teal-and-slow")');
    mock.reset();
    mock.setFaults({});
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.selectOption('#scenario-choice', 'teal-and-slow');
    await page.click('#use-scenario');
    await page.waitForSelector('#status:has-text("Serving scenario teal-and-slow")');
    await page.waitForSelector('article[data-article-id="1"] th:text-is("colour")');
    await page.waitForSelector('#faults-now:has-text("7")');
    expect(mock.faults()).toEqual({ delayMs: 7 });
    expect(await page.locator('#scenario-choice option:checked').textContent()).toBe('teal-and-slow (in force)');
  });

  it('shows a refused name with the control API’s reason', async () => {
    const { page } = workbench.opened;
    await page.fill('#scenario-name', '../x');
    await page.click('#save-scenario');
    await page.waitForSelector('#status.error:has-text("422: name: must be 1 to 64 letters")');
  });
});

/** The parts of `RequestInit` the tests use, plain enough to hand to the page. */
interface PageInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  credentials?: 'include' | 'omit' | 'same-origin';
}

describe('sandboxes in a browser', () => {
  let browser: Browser;
  let mock: MockApp;
  let mockBase: string;
  let mockServer: Server;
  let otherServer: Server;
  let otherBase: string;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    mock = createApp();
    ({ base: mockBase, server: mockServer } = await serveOnLoopback(nodeListener(mock)));
    const other = await serveOnLoopback((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>another origin</title>');
    });
    otherServer = other.server;
    otherBase = other.base.replace('127.0.0.1', 'localhost');
    context = await browser.newContext();
  });
  afterEach(async () => {
    await context.close();
    await stopServer(otherServer);
    await stopServer(mockServer);
  });

  /** Runs `fetch` in the page; what the page could see: the status and body, or the error. */
  const fetchIn = (
    page: Page,
    url: string,
    init: PageInit = {},
  ): Promise<{ status?: number; text?: string; error?: string }> =>
    page.evaluate(
      async ([address, options]) => {
        try {
          const answer = await fetch(address, options);
          return { status: answer.status, text: await answer.text() };
        } catch (error) {
          return { error: String(error) };
        }
      },
      [url, init] as const,
    );
  const colourIn = async (page: Page, url: string): Promise<unknown> =>
    (JSON.parse((await fetchIn(page, url)).text ?? '{}') as { data: { colour?: unknown } }).data.colour;
  const putColour = (value: string): PageInit => ({
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value }),
  });

  it('a context put in a sandbox by its cookie is served its own site, and another context the mock’s own', async () => {
    const answer = await context.request.post(`${mockBase}/__mock/sandboxes`);
    const { id } = (await answer.json()) as { id: string };
    const page = await context.newPage();
    await page.goto(`${mockBase}/__mock/`);
    await page.waitForSelector('body[data-ready="true"]');
    expect((await fetchIn(page, `${mockBase}/admin/api/articles/1/data/colour`, putColour('mine'))).status).toBe(200);
    await page.reload();
    await page.waitForSelector('article[data-article-id="1"] th:text-is("colour")');
    const outsider = await (await browser.newContext()).newPage();
    await outsider.goto(`${mockBase}/__mock/`);
    expect(await colourIn(outsider, `${mockBase}/admin/api/articles/1`)).toBeUndefined();
    expect(mock.state().articles[0]?.data).not.toHaveProperty('colour');
    expect(mock.sandboxes()).toEqual([{ id, scenario: 'default' }]);
    await outsider.context().close();
  });

  it('an app on another origin, its context given the header, reaches its sandbox through CORS', async () => {
    const id = mock.openSandbox().id;
    await context.setExtraHTTPHeaders({ 'X-Mock-Sandbox': id });
    const page = await context.newPage();
    await page.goto(`${otherBase}/`);
    expect((await fetchIn(page, `${mockBase}/admin/api/articles/1/data/colour`, putColour('app'))).status).toBe(200);
    expect(await colourIn(page, `${mockBase}/admin/api/articles/1`)).toBe('app');
    expect(mock.state().articles[0]?.data).not.toHaveProperty('colour');
  });

  it('a page of another origin can neither open nor list sandboxes, nor reach the one the browser is in', async () => {
    await context.request.post(`${mockBase}/__mock/sandboxes`);
    const [sandbox] = mock.sandboxes();
    const page = await context.newPage();
    await page.goto(`${otherBase}/`);
    const opened = await fetchIn(page, `${mockBase}/__mock/sandboxes`, { method: 'POST' });
    const listed = await fetchIn(page, `${mockBase}/__mock/sandboxes`);
    const written = await fetchIn(page, `${mockBase}/admin/api/articles/1/data/colour`, {
      ...putColour('theirs'),
      credentials: 'include',
    });
    const read = await fetchIn(page, `${mockBase}/admin/api/articles/1`, { credentials: 'include' });
    expect([opened.error, listed.error]).toEqual([
      expect.stringMatching(/TypeError/),
      expect.stringMatching(/TypeError/),
    ]);
    expect(written.error).toMatch(/TypeError/);
    expect(read.error).toMatch(/TypeError/);
    expect(mock.sandboxes()).toEqual([sandbox]);
    expect(mock.journal({ method: 'PUT' })).toEqual([]);
    const headers = { 'X-Mock-Sandbox': sandbox?.id ?? '' };
    const inSandbox = (await (await fetch(`${mockBase}/__mock/journal?method=PUT`, { headers })).json()) as unknown[];
    expect(inSandbox).toEqual([]);
  });
});
