/**
 * Each folder's layer rule in eslint.config.mjs (docs/architecture.md, "What may import what"), as
 * the project's own configuration gives it for a file in that folder: an import from a layer above
 * is refused, one from a layer below passes. Only `no-restricted-imports` is run, on the import
 * line alone, so no type information is needed.
 */
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';

const root = join(__dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the folder's import rule for a file in `folder` holding only `import '<target>'`. */
async function refusals(folder: string, target: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(root, folder, 'probe.ts'))) as {
    rules?: Record<string, Linter.RuleEntry>;
  };
  const rule = config.rules?.['no-restricted-imports'];
  if (rule === undefined) return [`no import rule for ${folder}`];
  const messages = new Linter().verify(`import '${target}';\n`, {
    languageOptions: { sourceType: 'module' },
    rules: { 'no-restricted-imports': rule },
  });
  return messages.map((message) => message.message);
}

test.each([
  { folder: 'mock/store', above: '../core/pipeline', below: './records' },
  { folder: 'mock/present', above: '../rules/articles', below: '../store/records' },
  { folder: 'mock/rules', above: '../core/answers', below: '../present/as-shown' },
  { folder: 'mock/core', above: '../journal/routes', below: '../rules/refusal' },
  { folder: 'mock/runtime', above: '../core/plain', below: './worker-thread' },
  { folder: 'mock/loading', above: '../core/plain', below: '../runtime/worker-thread' },
  { folder: 'mock/persist', above: '../app/options', below: '../loading/fixture-file' },
  { folder: 'mock/journal', above: '../security/request-guard', below: '../core/plain' },
  { folder: 'mock/security', above: '../journal/routes', below: '../core/answers' },
  { folder: 'mock/workbench', above: '../app/controls', below: '../core/base-url' },
  { folder: 'mock/adapters', above: '../app/create-app', below: '../runtime/optional-peer' },
  { folder: 'mock/proxy', above: '../app/create-app', below: '../adapters/send-answer' },
  { folder: 'mock/app', above: '../proxy/server', below: '../workbench/routes' },
  { folder: 'mock/msw', above: '../proxy/server', below: '../app/build-mock' },
  { folder: 'mock/command', above: '../app/create-app', below: '../core/faults' },
  { folder: 'contract-tests/http', above: '../failure', below: './curl' },
  { folder: 'contract-tests/concurrent', above: '../checks/check', below: '../http/client' },
  { folder: 'contract-tests/values', above: '../checks/steps', below: './catalogue' },
  { folder: 'contract-tests/checks', above: '../runner', below: '../concurrent/burst' },
  { folder: 'contract-tests/report', above: '../explore/cli', below: '../runner' },
  { folder: 'contract-tests/explore', above: '../cli', below: '../report/files' },
])('$folder may import $below, not $above', async ({ folder, above, below }) => {
  expect(await refusals(folder, below)).toEqual([]);
  expect(await refusals(folder, above)).toEqual([expect.stringContaining(`${folder}/`)]);
});

test('the suite keeps knowing only a target in each of its folders', async () => {
  expect(await refusals('contract-tests/checks', 'site-articles-mock')).toEqual([
    expect.stringContaining('knows only a target'),
  ]);
});
