/**
 * The docs runner (`npm run test:docs`) as CI runs it, on pages written for the test: a documented
 * command whose flag no longer exists fails it, a block that does not run needs its marker, and
 * the marked blocks are counted.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../package-tests/child-processes';
import { tempFolders } from '../../test-support/temp-files';

const root = join(__dirname, '..', '..');
const folder = tempFolders('docs-run-test')();
let pages = 0;

/** Runs the runner on one page with `markdown`; gives its exit code and output. */
async function runnerOn(markdown: string): Promise<{ code: number | null; output: string }> {
  pages += 1;
  const page = join(folder, `page-${String(pages)}.md`);
  writeFileSync(page, markdown);
  const tsx = require.resolve('tsx/cli');
  return run(process.execPath, [tsx, join(root, 'scripts', 'docs-run', 'main.ts'), page], root);
}

const fence = (language: string, text: string): string => `\`\`\`${language}\n${text}\n\`\`\`\n`;
const mockAndRead = (flag: string): string =>
  fence('sh', `npm start -- ${flag} dev-token   # the mock\ncurl -sf http://127.0.0.1:4010/admin/api/articles/1`);

test('a documented command runs against the real mock and passes, counted on the Node.js it ran on', async () => {
  const { code, output } = await runnerOn(mockAndRead('--token'));
  expect(output).toContain('docs: 1 passed, 0 failed, 0 skipped');
  expect(output).toMatch(/docs: Node \d+: 1 blocks ran, 1 passed, 0 failed, 0 not run there/);
  expect(code).toBe(0);
}, 60_000);

test('a documented command whose flag was renamed fails, naming the command and the refusal', async () => {
  const { code, output } = await runnerOn(mockAndRead('--api-token'));
  expect(output).toContain('FAILED');
  expect(output).toContain("Unknown option '--api-token'");
  expect(output).toContain('docs: 0 passed, 1 failed, 0 skipped');
  expect(code).toBe(1);
}, 60_000);

test('a contract command with a misspelt flag fails against the stand-in deployment', async () => {
  const command = 'npm run contract -- --base-url https://admin.example.com --article-id 42 --read-onl';
  const { code, output } = await runnerOn(fence('sh', command));
  expect(output).toContain('--read-onl');
  expect(code).toBe(1);
}, 60_000);

test('a block that does not run needs a marker, and the marked ones are counted and listed', async () => {
  const unmarked = await runnerOn(fence('text', 'what the mock prints'));
  expect(unmarked.output).toMatch(/page-\d+\.md:1: a text block that does not run needs <!-- not run: reason -->/);
  expect(unmarked.code).toBe(1);
  const marked = await runnerOn(`<!-- not run: output only -->\n\n${fence('text', 'what the mock prints')}`);
  expect(marked.output).toMatch(/page-\d+\.md:3: output only/);
  expect(marked.output).toContain('docs: 0 blocks ran, 1 marked not run');
  expect(marked.code).toBe(0);
}, 60_000);
