/** When a command's output is coloured: one policy for both command lines. */
import { colourWanted } from './index';

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
