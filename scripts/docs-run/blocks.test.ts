/** A page's blocks and their markers, and a shell block's commands, as the docs runner reads them. */
import { blocksOf, fileNameOf, markerOf } from './blocks';
import { commandsOf } from './commands';

describe('markers', () => {
  test.each([
    ['<!-- not run: output only -->', { kind: 'not run', reason: 'output only' }],
    [
      '<!-- generated: usage (npm run generate) -->',
      { kind: 'not run', reason: expect.stringContaining('generated') as string },
    ],
    ['<!-- run: vitest -->', { kind: 'run', project: 'vitest', options: {} }],
    [
      '<!-- run: client; resolutions: node16 bundler; with: npx articles-mock -->',
      { kind: 'run', project: 'client', options: { resolutions: 'node16 bundler', with: 'npx articles-mock' } },
    ],
    ['<!-- any other comment -->', undefined],
  ])('%s reads as %o', (comment, marker) => {
    expect(markerOf(comment)).toEqual(marker);
  });

  test('a run marker with an option that is not "name: value" is refused', () => {
    expect(() => markerOf('<!-- run: client; node16 -->')).toThrow('"name: value"');
  });

  test('a block takes the marker right before it, its language, line and file name', () => {
    const page = '# t\n\n<!-- run: jest -->\n\n```js\n// jest.config.js\nexport default {};\n```\n\n```sh\nls\n```\n';
    const [first, second] = blocksOf('page.md', page);
    expect(first).toMatchObject({ line: 5, language: 'js', marker: { kind: 'run', project: 'jest' } });
    expect(first && fileNameOf(first)).toBe('jest.config.js');
    expect(second).toMatchObject({ line: 10, language: 'sh', marker: undefined, text: 'ls\n' });
  });
});

describe('a shell block as commands', () => {
  test.each([
    ['npm start   # the mock\n', ['npm start']],
    ['# a comment line\ncurl a \\\n  -d \'{"a": 1}\' b\n', ['curl a -d \'{"a": 1}\' b']],
    ["curl -d '# not a comment' x # but this is", ["curl -d '# not a comment' x"]],
    [
      'sqlite3 db "SELECT json_extract(record, \'$.title\')"',
      ['sqlite3 db "SELECT json_extract(record, \'$.title\')"'],
    ],
  ])('%j runs as %j', (text, commands) => {
    expect(commandsOf(text)).toEqual(commands);
  });
});
