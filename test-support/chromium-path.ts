/**
 * Which Chromium the browser tests drive, and the Debian package that brings one. Debian's
 * `chromium-headless-shell` comes first: the same Blink and V8 without the desktop browser around
 * them, it ran the browser tests in about half the CPU and wall time of the full `chromium`
 * (measured with /usr/bin/time over every browser test file, each binary twice). The full browser
 * still serves when it is the one installed; `CHROMIUM_PATH` names any other.
 */
import { existsSync } from 'node:fs';

export const chromiumPackage = 'chromium-headless-shell';

const installed = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The Chromium to drive: `CHROMIUM_PATH` as given, else the first of Debian's that is installed. */
export function findChromium(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named !== undefined) return existsSync(named) ? named : undefined;
  return installed.find((path) => existsSync(path));
}

/** Where `findChromium` looks, for a message saying none was found. */
export const chromiumPlaces = (): string => process.env.CHROMIUM_PATH ?? installed.join(' or ');
