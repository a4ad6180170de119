/** The reproduce commands: a shell gets back exactly what was sent, and no token is ever printed. */
import { spawnSync } from 'node:child_process';
import { curlCommand, shellQuote } from './curl';

test.each([['plain text'], [`it's "quoted" with $HOME, \`ticks\` and a \\ backslash`], ['{"value":"ünïcödé\\n"}']])(
  'a quoted word reaches the command unchanged: %s',
  (text) => {
    expect(spawnSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' }).stdout).toBe(text);
  },
);

test('a command names the token by its variable, never by value', () => {
  const command = curlCommand({
    method: 'PUT',
    url: 'http://host/admin/api/articles/1/data/k',
    headers: { 'Content-Type': 'application/json' },
    withToken: true,
    body: '{"value":1}',
  });
  expect(command).toBe(
    `curl -sS -i -X PUT 'http://host/admin/api/articles/1/data/k' -H 'Content-Type: application/json' -H "X-API-TOKEN: $CONTRACT_API_TOKEN" --data-raw '{"value":1}'`,
  );
});
