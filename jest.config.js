// TypeScript is transpiled by swc (no type-checking here: `npm run typecheck` does that once).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // `import()` stays a real dynamic import (ES-only packages load through it; the test script enables that).
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: true } }],
  },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleFileExtensions: ['ts', 'js', 'json'],
};
