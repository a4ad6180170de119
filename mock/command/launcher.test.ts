/** How the mock finds the npm that launched it, and when a link up to it is broken (launchers.test.ts runs the real ones). */
import { ancestorsUpToNpm, chainHolds, isNpm, procTable, stillLinked, type ProcessTable } from './launcher';

const npmEnv = { npm_lifecycle_event: 'start', npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' };

test.each<[string, string[], boolean]>([
  ['npm start, as its title shows', ['npm start --port 0                '], true],
  ['npm start whose arguments hold paths', ['npm start --port 4010 --fixtures /tmp/my-site.json'], true],
  ['npm started by its path', ['/usr/local/bin/npm run dev'], true],
  ['a program given npm as an argument', ['/usr/bin/node /srv/npm'], false],
  ['npx and npm exec, as their title shows', ['npm exec articles-mock --port 0'], true],
  ['npm without a title', ['/usr/bin/node', '/usr/lib/node_modules/npm/bin/npm-cli.js', 'start'], true],
  ['the shell npm runs a script in', ['sh', '-c', 'node mock/dist/cli.js'], false],
  ['the installed command', ['node', '/p/node_modules/.bin/articles-mock', '--port', '0'], false],
  ['a program whose name starts like npm', ['npmish', 'start'], false],
])('tells %s', (_case, command, npm) => {
  expect(isNpm(command, npmEnv)).toBe(npm);
});

/** Processes 100 (the mock's parent, a shell) < 200 (npm) < 300 (a terminal's shell). */
function table(parents: Record<number, number>): ProcessTable {
  const commands: Record<number, string[]> = { 100: ['sh', '-c', 'node cli.js'], 200: ['npm start'], 300: ['bash'] };
  return { parentOf: (pid) => parents[pid], commandOf: (pid) => commands[pid] ?? [] };
}

test('the chain runs from the parent up to npm, and breaks when npm or the shell below it is gone', () => {
  const running = table({ 100: 200, 200: 300, 300: 1 });
  const chain = ancestorsUpToNpm(100, npmEnv, running);
  expect(chain).toEqual([100, 200]);
  expect(chainHolds(chain, 100, running)).toBe(true);
  expect(chainHolds(chain, 100, table({ 100: 1, 300: 1 }))).toBe(false);
  expect(chainHolds(chain, 1, table({ 200: 300, 300: 1 }))).toBe(false);
});

test('the processes still linked below a broken link are those left to end with the mock', () => {
  const chain = [100, 200];
  expect(stillLinked(chain, 100, table({ 100: 1, 300: 1 }))).toEqual([100]);
  expect(stillLinked(chain, 1, table({ 200: 300, 300: 1 }))).toEqual([]);
  const nodemon = [100, 150, 200];
  expect(stillLinked(nodemon, 100, table({ 100: 150, 150: 1 }))).toEqual([100, 150]);
});

test('without npm among the ancestors only the parent is watched', () => {
  expect(ancestorsUpToNpm(100, npmEnv, table({ 100: 300, 300: 1 }))).toEqual([100]);
});

test('reads a real process’s parent from /proc', () => {
  expect(procTable.parentOf(process.pid)).toBe(process.ppid);
  expect(procTable.parentOf(2 ** 22 + 1)).toBeUndefined();
});
