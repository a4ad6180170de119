/** How a request log line is coloured (when: site-articles-schemas/command-line's colour.test.ts). */
import { paintFor, paintLogLine } from './colour';

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
