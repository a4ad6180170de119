/**
 * Debian's Chromium (/usr/bin/chromium) driven by playwright-core, for tests that need a real
 * browser. Nothing is downloaded: the executable comes from the system, and the flags keep it off
 * every network but the loopback pages a test serves.
 */
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const quietFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: quietFlags, headless: true });
}
