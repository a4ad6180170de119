/**
 * Preloaded (`node --require`) into a process whose start a test inspects (package-tests/pack.test.ts):
 * on exit, writes to LOADED_MODULES_FILE the module files it loaded and the Node built-ins it asked
 * for. Built-ins never enter `require.cache`, so the requests are recorded as they pass.
 */
const Module = require('node:module');
const { writeFileSync } = require('node:fs');

const builtins = new Set();
const load = Module._load;
Module._load = function recordBuiltin(request, ...rest) {
  if (Module.isBuiltin(request)) builtins.add(request.replace(/^node:/, ''));
  return load.call(this, request, ...rest);
};

process.on('exit', () => {
  const report = { files: Object.keys(require.cache), builtins: [...builtins].sort() };
  writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(report));
});
