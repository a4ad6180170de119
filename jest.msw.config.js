// The MSW handlers' own tests alone, for `npm run test:node-matrix` (scripts/test-node-matrix.ts),
// which runs them on each Node.js major with the MSW major npm installs there. MSW_MODULES names a
// node_modules folder holding the MSW to test against (MSW 3, installed apart: it needs Node 22.12,
// so it is no devDependency of this project); without it, the project's own `msw` (MSW 2) is used.
const base = require('./jest.config.js');

const modules = process.env.MSW_MODULES;
const installed = modules
  ? { '^msw$': `${modules}/msw/lib/core/index.js`, '^msw/node$': `${modules}/msw/lib/node/index.js` }
  : {};

// MSW 3 and what it brings are ES modules: compiled to CommonJS like the project's own code, as jest
// loads them through `require` natively only from Node 24.9 (and the matrix runs Node 22 too).
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const transformIgnorePatterns = modules
  ? base.transformIgnorePatterns.map((pattern) => `^(?!${escape(modules)}/)${pattern.replace(/^\//, '.*/')}`)
  : base.transformIgnorePatterns;

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  moduleNameMapper: { ...installed, ...base.moduleNameMapper },
  transformIgnorePatterns,
  testMatch: [
    '<rootDir>/mock/__tests__/msw/msw-node.test.ts',
    '<rootDir>/mock/__tests__/msw/unhandled.test.ts',
    '<rootDir>/mock/__tests__/msw/contract-msw.test.ts',
    '<rootDir>/mock/__tests__/msw/base-url.test.ts',
    '<rootDir>/mock/__tests__/msw/sandboxes-msw.test.ts',
  ],
};
