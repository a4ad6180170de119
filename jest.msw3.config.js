// The MSW handlers' own tests against MSW 3 (`npm run test:msw3`, which runs this on Node 24: MSW 3
// needs Node 22.12 or later, and Jest loads its ES modules through `require` from Node 24.9).
// `msw3` is the devDependency `npm:msw@^3`; MSW 2 stays `msw`, which `npm test` runs them against.
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  moduleNameMapper: {
    '^msw$': '<rootDir>/node_modules/msw3/lib/core/index.js',
    '^msw/node$': '<rootDir>/node_modules/msw3/lib/node/index.js',
    ...base.moduleNameMapper,
  },
  testMatch: [
    '<rootDir>/mock/__tests__/msw/msw-node.test.ts',
    '<rootDir>/mock/__tests__/msw/unhandled.test.ts',
    '<rootDir>/mock/__tests__/msw/contract-msw.test.ts',
    '<rootDir>/mock/__tests__/msw/base-url.test.ts',
    '<rootDir>/mock/__tests__/msw/sandboxes-msw.test.ts',
  ],
};
