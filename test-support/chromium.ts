/**
 * How the tests start Chromium: Debian's (chromium-path.ts says which; `npm test`'s pretest installs
 * it), as browser downloads are not possible. And one Chromium for
 * a whole `npm test` run: started by the run's global setup, which passes its address to the test
 * workers in the environment, and closed by its global teardown, so that each browser test file
 * connects to it (browser.ts) instead of starting a Chromium of its own. When it cannot start, the
 * setup says why and each file starts its own, whose failure then names the problem where it matters.
 */
import { chromium, type BrowserServer, type LaunchOptions } from 'playwright-core';
import { chromiumPlaces, findChromium } from './chromium-path';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The launch options of every Chromium of the tests; `extraArgs` for a test's own needs. */
export const chromiumOptions = (extraArgs: string[] = []): LaunchOptions => ({
  // None found: launching names where it looked, and fails there.
  executablePath: findChromium() ?? chromiumPlaces(),
  args: [...chromiumArgs, ...extraArgs],
});

const variable = 'SITE_ARTICLES_TEST_BROWSER';

/** The run's Chromium, kept for the teardown (global setup and teardown share jest's main process). */
let server: BrowserServer | undefined;

/** The address of the run's Chromium, if it has one. */
export const runBrowserEndpoint = (): string | undefined => process.env[variable];

export async function startRunBrowser(): Promise<void> {
  try {
    server = await chromium.launchServer(chromiumOptions());
    process.env[variable] = server.wsEndpoint();
  } catch (error) {
    console.warn(`The run's shared Chromium did not start, so each browser test file starts its own: ${String(error)}`);
  }
}

export async function stopRunBrowser(): Promise<void> {
  await server?.close();
  server = undefined;
}
