// TypeScript is transpiled by swc (no type-checking here: `npm run typecheck` does that once).
const { readFileSync } = require('node:fs');
const { availableParallelism } = require('node:os');

/**
 * The workspace packages by name, resolved to their sources as tsconfig.json's `paths` map them
 * (the one table; tsx reads it too), so tests never run a stale build.
 */
function packageSources() {
  const { paths } = JSON.parse(readFileSync(`${__dirname}/tsconfig.json`, 'utf8')).compilerOptions;
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // A name with several targets (the schemas package's hand-written folders, then its generated/)
  // maps to all of them, tried in order, as TypeScript tries them.
  return Object.fromEntries(
    Object.entries(paths).map(([name, targets]) => [
      `^${escape(name).replace('\\*', '(.*)')}$`,
      targets.map((target) => `<rootDir>/${target.replace(/^\.\//, '').replace('*', '$1')}`),
    ]),
  );
}

/** @type {import('jest').Config} */
module.exports = {
  moduleNameMapper: packageSources(),
  testEnvironment: 'node',
  // `import()` stays a real dynamic import (ES-only packages load through it; the test script enables that).
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: true } }],
    // msw/node requires packages that ship only ES modules (.mjs, and until-async's .js); jest on
    // Node 20 cannot require those, so they are compiled to CommonJS like the project's own code.
    '/node_modules/.+\\.m?js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!until-async/).+(?<!\\.mjs)$'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.tmp/'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Three workers for two cores: a third of a file's time, on the whole, is spent waiting on
  // sockets, child processes and the browser, not the CPU, and a third worker fills it. (Jest's
  // default leaves one core to itself, which on a 2-core machine runs every file in turn.)
  maxWorkers: Math.max(2, Math.floor(availableParallelism() * 1.5)),
  // A test's time limit catches a hang, not a slow machine: on a shared machine under load a test
  // that takes a few hundred milliseconds alone can take several seconds.
  testTimeout: 30_000,
  testSequencer: '<rootDir>/test-support/test-sequencer.js',
  // Every temporary folder of a run is made in one folder of the run's, which must be empty at the end.
  globalSetup: '<rootDir>/test-support/global-setup.ts',
  globalTeardown: '<rootDir>/test-support/global-teardown.ts',
};
