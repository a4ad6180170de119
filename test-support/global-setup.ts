/**
 * Jest's global setup (jest.config.js): the run's folder for temporary folders (run-temp-folder.ts)
 * and the run's one Chromium (chromium.ts).
 */
import { startRunBrowser } from './chromium';
import { makeRunTempFolder } from './run-temp-folder';

export default async function globalSetup(): Promise<void> {
  makeRunTempFolder();
  await startRunBrowser();
}
