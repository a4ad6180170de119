/**
 * `npm test` runs browser tests in Debian's Chromium, which npm cannot install (browser downloads
 * are not possible here), so this runs first (`pretest`): it finds one (test-support/chromium-path.ts),
 * or installs Debian's package when it may (root, with apt-get), or says exactly what to do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPackage, chromiumPlaces, findChromium } from '../test-support/chromium-path';

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');

if (findChromium() !== undefined) process.exit(0);
if (isRoot && hasApt && process.env.CHROMIUM_PATH === undefined) {
  console.log(`npm test: installing Debian's ${chromiumPackage} for the browser tests (apt-get)`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', chromiumPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  process.exit(0);
}
console.error(
  `npm test needs Chromium for its browser tests and found none at ${chromiumPlaces()}.\n` +
    `Install it (Debian/Ubuntu: sudo apt-get install ${chromiumPackage}, or chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
);
process.exit(1);
