/**
 * In real Chromium: a page from another origin (another loopback port) tries to drive
 * the mock's control API with a plain form post, with JSON fetches, by reading the state, and by
 * DNS rebinding (`evil.test` mapped to 127.0.0.1 by Chromium's resolver rules, so its requests
 * reach the mock with `Host: evil.test:<port>`). None changes the site or reads anything. The
 * mock's own page still works, a frontend on another port still calls the interface's routes with
 * CORS, and beyond loopback the page asks for the control token once.
 */
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveOnLoopback, stopServer } from '../../../test-support/browser';
import { nodeListener } from '../../adapters/node-listener';
import { fillForm, workbenchForms } from '../../../test-support/workbench-forms';
import { createApp, type MockApp } from '../../app/create-app';
import type { SecurityPolicy } from '../../security/request-guard';

jest.setTimeout(60_000);

let browser: Browser;
let mock: MockApp;
let mockServer: Server;
let mockBase: string;
let otherServer: Server;
let otherBase: string;
let page: Page;

const attackerHtml = (target: string): string => `<!doctype html><html><body>
<form id="reset" method="POST" action="${target}/__mock/reset"><input name="x" value="1" /><button>Go</button></form>
</body></html>`;

async function startMock(security?: SecurityPolicy, token?: string): Promise<void> {
  mock = createApp({ ...(security ? { security } : {}), ...(token === undefined ? {} : { token }) });
  ({ base: mockBase, server: mockServer } = await serveOnLoopback(nodeListener(mock)));
}

beforeAll(async () => {
  browser = await launchBrowser(['--host-resolver-rules=MAP evil.test 127.0.0.1']);
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  await startMock();
  const other = await serveOnLoopback((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(attackerHtml(mockBase));
  });
  otherServer = other.server;
  otherBase = other.base.replace('127.0.0.1', 'localhost');
  page = await browser.newPage();
});
afterEach(async () => {
  await page.close();
  await stopServer(otherServer);
  await stopServer(mockServer);
});

/** A change made the allowed way (no Origin, like curl), so that a reset or fixture would show. */
async function changeTheSite(): Promise<ReturnType<MockApp['state']>> {
  const answer = await fetch(`${mockBase}/admin/api/articles/1/data/colour`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: 'teal' }),
  });
  expect(answer.status).toBe(200);
  return mock.state();
}

/** The parts of `RequestInit` the tests use, plain enough to hand to the page. */
interface PageInit {
  method?: string;
  mode?: 'cors' | 'no-cors';
  headers?: Record<string, string>;
  body?: string;
}

/** Runs `fetch` in the page; gives what the page could see: the status and body, or the error. */
function fetchInPage(url: string, init: PageInit = {}): Promise<{ status?: number; text?: string; error?: string }> {
  return page.evaluate(
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
}

const jsonInit = (method: string, body: unknown): PageInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('a page from another origin', () => {
  beforeEach(async () => {
    await page.goto(`${otherBase}/`);
  });

  it('cannot reset the site with a plain form post', async () => {
    const before = await changeTheSite();
    const answered = page.waitForResponse(`${mockBase}/__mock/reset`);
    await page.click('#reset button');
    expect((await answered).status()).toBe(403);
    expect(mock.state()).toEqual(before);
  });

  it('cannot load a fixture or reset with JSON fetches, nor with a no-cors post', async () => {
    const before = await changeTheSite();
    const fixture = await fetchInPage(`${mockBase}/__mock/fixture`, jsonInit('PUT', { articles: [] }));
    const reset = await fetchInPage(`${mockBase}/__mock/reset`, jsonInit('POST', {}));
    const blind = await fetchInPage(`${mockBase}/__mock/reset`, { method: 'POST', mode: 'no-cors' });
    expect(fixture.error).toMatch(/TypeError/);
    expect(reset.error).toMatch(/TypeError/);
    // An opaque answer: the page learns nothing, and the mock refused it before doing anything.
    expect(blind).toEqual({ status: 0, text: '' });
    expect(mock.state()).toEqual(before);
  });

  it('cannot read the state, the journal or the faults', async () => {
    const before = await changeTheSite();
    for (const path of ['state', 'journal', 'faults']) {
      const read = await fetchInPage(`${mockBase}/__mock/${path}`);
      expect(read.error).toMatch(/TypeError/);
      expect(read.text).toBeUndefined();
    }
    expect(mock.state()).toEqual(before);
  });

  it('cannot read the API token the mock names to its own page', async () => {
    await stopServer(mockServer);
    await startMock(undefined, 'dev-token');
    expect((await fetch(`${mockBase}/__mock/openapi.json`)).headers.get('x-mock-api-token')).toBe('dev-token');
    const read = await page.evaluate(async (address) => {
      try {
        const answer = await fetch(address);
        return { token: answer.headers.get('x-mock-api-token') };
      } catch (error) {
        return { error: String(error) };
      }
    }, `${mockBase}/__mock/openapi.json`);
    expect(read).toEqual({ error: expect.stringMatching(/TypeError/) as unknown });
  });

  it('cannot reach the mock under another name that resolves to loopback', async () => {
    const before = await changeTheSite();
    const port = new URL(mockBase).port;
    const read = await fetchInPage(`http://evil.test:${port}/__mock/state`);
    const reset = await fetchInPage(`http://evil.test:${port}/__mock/reset`, { method: 'POST', mode: 'no-cors' });
    expect(read.error).toMatch(/TypeError/);
    expect(reset).toEqual({ status: 0, text: '' });
    expect(mock.state()).toEqual(before);
  });

  it('can still call the interface routes with CORS, as a frontend on another port does', async () => {
    const read = await fetchInPage(`${mockBase}/admin/api/articles/1`);
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text ?? '{}')).toMatchObject({ id: 1 });
    const write = await fetchInPage(`${mockBase}/admin/api/articles/1/data/colour`, jsonInit('PUT', { value: 'red' }));
    expect(write.status).toBe(200);
    expect(mock.state().articles[0]?.data).toMatchObject({ colour: 'red' });
  });
});

describe('a page rebound to the mock (same origin as evil.test:<port>)', () => {
  it('is refused by the host check, so even its same-origin requests read and change nothing', async () => {
    const before = await changeTheSite();
    const rebound = `http://evil.test:${new URL(mockBase).port}`;
    const landing = await page.goto(`${rebound}/admin/api/articles/1`);
    expect(landing?.status()).toBe(403);
    const read = await fetchInPage(`${rebound}/__mock/state`);
    const reset = await fetchInPage(`${rebound}/__mock/reset`, jsonInit('POST', {}));
    for (const answer of [read, reset]) {
      expect(answer.status).toBe(403);
      expect(answer.text).toContain('--allowed-host');
    }
    expect(read.text).not.toContain('colour');
    expect(mock.state()).toEqual(before);
  });
});

describe("the mock's own page", () => {
  it('still resets the site', async () => {
    await changeTheSite();
    await page.goto(`${mockBase}/__mock/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#reset');
    await page.waitForSelector('#status:has-text("Reset")');
    expect(mock.state().articles[0]?.data).not.toHaveProperty('colour');
  });

  it('asks for the control token once beyond loopback, then shows the site and the live journal', async () => {
    await stopServer(mockServer);
    await startMock({ listenHost: '0.0.0.0', allowedHosts: [], controlToken: 'a-control-token-for-the-test' });
    expect((await fetch(`${mockBase}/__mock/state`)).status).toBe(401);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept('a-control-token-for-the-test');
    });
    await page.goto(`${mockBase}/__mock/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('#live.live');
    expect(asked).toHaveLength(1);
    expect(await page.locator('article.card').count()).toBe(mock.state().articles.length);
  });

  it('beyond loopback, sends the API token with its writes once it holds the control token', async () => {
    await stopServer(mockServer);
    await startMock({ listenHost: '0.0.0.0', allowedHosts: [], controlToken: 'a-control-token-for-the-test' }, 'dev');
    expect((await fetch(`${mockBase}/__mock/openapi.json`)).headers.get('x-mock-api-token')).toBeNull();
    page.on('dialog', (dialog) => void dialog.accept('a-control-token-for-the-test'));
    await page.goto(`${mockBase}/__mock/`);
    await page.waitForSelector('body[data-ready="true"]');
    const { setKey, open } = workbenchForms(page, 1);
    await open();
    await fillForm(setKey, { key: 'colour', value: '"teal"' }, 'Set colour.');
    expect(mock.state().articles[0]?.data).toMatchObject({ colour: 'teal' });
  });
});
