/**
 * Jest's global teardown (jest.config.js): closes the run's Chromium, then fails the run when a
 * test file left a temporary folder behind.
 */
import { stopRunBrowser } from './chromium';
import { removeRunTempFolder } from './run-temp-folder';

export default async function globalTeardown(): Promise<void> {
  await stopRunBrowser();
  removeRunTempFolder();
}
