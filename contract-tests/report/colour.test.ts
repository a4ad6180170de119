/** The report's marks painted as the one colour policy says (cases: site-articles-schemas/command-line). */
import { paintFor } from './colour';

test.each([
  { isTTY: true, env: {}, coloured: true },
  { isTTY: true, env: { NO_COLOR: '' }, coloured: true },
  { isTTY: true, env: { NO_COLOR: '1' }, coloured: false },
  { isTTY: false, env: {}, coloured: false },
  { isTTY: undefined, env: { FORCE_COLOR: '3' }, coloured: true },
  { isTTY: true, env: { FORCE_COLOR: '0' }, coloured: false },
])('colours a stream with isTTY $isTTY and $env: $coloured', ({ isTTY, env, coloured }) => {
  const painted = paintFor(isTTY === undefined ? {} : { isTTY }, env)('failed', '✗');
  expect(painted).toBe(coloured ? '\u001b[31m✗\u001b[39m' : '✗');
});
