/**
 * Jest's global setup (jest.config.js): the packages' builds the commands run from
 * (current-build.ts), the run's folder for temporary folders (run-temp-folder.ts) and the run's one
 * Chromium (chromium.ts).
 */
import { startRunBrowser } from './chromium';
import { makeBuildCurrent } from './current-build';
import { makeRunTempFolder } from './run-temp-folder';

export default async function globalSetup(): Promise<void> {
  makeBuildCurrent();
  makeRunTempFolder();
  await startRunBrowser();
}
