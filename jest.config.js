// TypeScript is transpiled by swc (no type-checking here: `npm run typecheck` does that once).
/** @type {import('jest').Config} */
module.exports = {
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
  moduleFileExtensions: ['ts', 'js', 'json'],
};
