/**
 * Preloaded (`node --require`) into a child process, makes the packages named in HIDDEN_PACKAGES
 * (comma-separated) unresolvable, as in a project that did not install them: for the tests of what
 * runs without the mock's optional peers.
 */
const Module = require('node:module');

const hidden = new Set((process.env.HIDDEN_PACKAGES ?? '').split(',').filter(Boolean));
const resolveFilename = Module._resolveFilename;

/** The package a request names: `name` of `name/file`, `@scope/name` of `@scope/name/file`. */
const packageOf = (request) =>
  request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');

Module._resolveFilename = function resolveUnlessHidden(request, ...rest) {
  if (hidden.has(packageOf(request))) {
    const error = new Error(`Cannot find module '${request}'`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolveFilename.call(this, request, ...rest);
};
