/** When the command's output is coloured, and how a request log line is. */
import { colourWanted, paintFor, paintLogLine } from './colour';

test.each<[string, NodeJS.ProcessEnv, boolean, boolean]>([
  ['a terminal', {}, true, true],
  ['a pipe or a file', {}, false, false],
  ['a terminal with NO_COLOR', { NO_COLOR: '1' }, true, false],
  ['a terminal with an empty NO_COLOR, which no-color.org does not count', { NO_COLOR: '' }, true, true],
  ['a terminal with NODE_DISABLE_COLORS', { NODE_DISABLE_COLORS: '1' }, true, false],
  ['a dumb terminal', { TERM: 'dumb' }, true, false],
  ['a pipe with FORCE_COLOR', { FORCE_COLOR: '1' }, false, true],
  ['a pipe with an empty FORCE_COLOR', { FORCE_COLOR: '' }, false, true],
  ['a terminal with FORCE_COLOR=0', { FORCE_COLOR: '0' }, true, false],
  ['a terminal with FORCE_COLOR=false', { FORCE_COLOR: 'false' }, true, false],
  ['NO_COLOR and FORCE_COLOR together, FORCE_COLOR deciding', { NO_COLOR: '1', FORCE_COLOR: '1' }, false, true],
])('colours %s: %s', (_case, env, isTerminal, colour) => {
  expect(colourWanted(env, isTerminal)).toBe(colour);
});

test.each([
  ['GET /admin/api/articles/1 200 1.3ms', 'GET /admin/api/articles/1 \x1b[32m200\x1b[39m 1.3ms'],
  ['PUT /admin/api/articles/1/data/x 422 0.4ms', 'PUT /admin/api/articles/1/data/x \x1b[33m422\x1b[39m 0.4ms'],
  [
    'GET /admin/api/articles/1 503 2.0ms (1 violation)',
    'GET /admin/api/articles/1 \x1b[31m503\x1b[39m 2.0ms (1 violation)',
  ],
  ['proxy: GET /admin/api/articles/1 failed: reset', 'proxy: GET /admin/api/articles/1 failed: reset'],
])('colours the status of %j by its class', (line, painted) => {
  expect(paintLogLine(line, paintFor(true))).toBe(painted);
  expect(paintLogLine(line, paintFor(false))).toBe(line);
});
