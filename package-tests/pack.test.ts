/**
 * The installable package (`site-articles-mock`): `npm pack` of this project, installed into an
 * empty project, gives the two commands, the entry points and the types a user of the package
 * reaches, and nothing that only this repository's own tests need.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { run, startServer, type Server } from './child-processes';

const root = resolve(__dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'site-articles-pack-'));
const project = join(work, 'consumer');
let shipped: string[] = [];
let mock: Server | undefined;

const consumerTypes = `import type { Article, Comment, DataKeyResponse, paths } from 'site-articles-mock/types';
type ReadAnswer = paths['/admin/api/articles/{article_id}']['get']['responses'][200]['content']['application/json'];
export const titleOf = (article: ReadAnswer): string => article.title;
export const sameShape = (article: Article): ReadAnswer => article;
export const authorOf = (comment: Comment): string => comment.author;
export const languageUrl = (answer: DataKeyResponse): string => answer.language.url;
// @ts-expect-error a comment has no title: the names are the interface's shapes
export const noTitle = (comment: Comment): string => comment.title;
// @ts-expect-error an article's id is a number: the package's types are real, not \`any\`
export const wrongId: Article['id'] = 'one';
`;

const consumerScript = `import { createApp } from 'site-articles-mock';
import openapi from 'site-articles-mock/openapi.json' with { type: 'json' };
import article from 'site-articles-mock/schemas/strict/article.json' with { type: 'json' };
const mock = createApp();
console.log(JSON.stringify({ reset: typeof mock.reset, openapi: openapi.openapi, schema: article.title }));
`;

const mswScript = `import { setupServer } from 'msw/node';
import { createHandlers } from 'site-articles-mock/msw';
const mock = createHandlers();
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const answer = await fetch('http://msw.test/admin/api/articles/1');
const article = await answer.json();
server.close();
console.log(JSON.stringify({ status: answer.status, url: article.url, journal: mock.journal().length }));
`;

/** The msw the project itself tests with: a peer the consumer installs beside the package. */
const mswVersion = (JSON.parse(readFileSync(require.resolve('msw/package.json'), 'utf8')) as { version: string })
  .version;

beforeAll(async () => {
  // `npm pack` runs `prepare`, so the tarball holds a fresh build of the working tree.
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work], root);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.output}`);
  const [report] = JSON.parse(packed.output.slice(packed.output.indexOf('['))) as [
    { filename: string; files: { path: string }[] },
  ];
  shipped = report.files.map((file) => file.path);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
  // Dependencies come from the npm cache the project's own install filled; the registry only answers what is missing.
  const args = [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    join(work, report.filename),
    `msw@${mswVersion}`,
  ];
  const installed = await run('npm', args, project);
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed:\n${installed.output}`);
}, 300_000);

afterAll(() => {
  mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('the tarball ships the compiled code, the schemas, the commands and the workbench page, and no tests, harness, bench or sources', () => {
  expect(shipped).toEqual(
    expect.arrayContaining([
      'bin/articles-mock.js',
      'dist/mock/index.js',
      'dist/mock/msw/index.js',
      'schemas/openapi.json',
      'mock/workbench/page/index.html',
    ]),
  );
  const unwanted = shipped.filter((path) =>
    /__tests__|hardening|(^|\/)bench\/|variants|proof|\.test\.js|\.map$|(?<!\.d)\.ts$/.test(path),
  );
  expect(unwanted).toEqual([]);
});

test('npx articles-mock serves the sample site on the port it was given', async () => {
  mock = await startServer('npx', ['articles-mock', '--port', '0', '--quiet'], project);
  const answer = await fetch(`${mock.baseUrl}/admin/api/articles/1`);
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { id: number }).id).toBe(1);
}, 60_000);

test('npx articles-mock knows no --variant: the broken variants are not part of the package', async () => {
  const refused = await run('npx', ['articles-mock', '--variant', 'timestamp-with-offset', '--port', '0'], project);
  expect(refused.output).toContain("Unknown option '--variant'");
  expect(refused.code).toBe(2);
  const help = await run('npx', ['articles-mock', '--help'], project);
  expect(help.output).toMatch(/^Usage: articles-mock \[options\]\n/m);
  expect(help.output).not.toContain('variant');
}, 60_000);

test('npx articles-contract names itself in its usage', async () => {
  const help = await run('npx', ['articles-contract', '--help'], project);
  expect(help.output).toMatch(/^Usage: articles-contract \[options\]\n/m);
  expect(help.code).toBe(0);
}, 60_000);

test('installing the package brings no test runner into the project', () => {
  const installed = readdirSync(join(project, 'node_modules'));
  expect(installed.filter((name) => name === 'jest' || name === '@jest' || name.startsWith('jest-'))).toEqual([]);
});

test('the packaged mock serves the workbench page, its scripts and the Swagger UI docs', async () => {
  if (!mock) throw new Error('the packaged mock did not start');
  const paths = [
    '/__mock/',
    '/__mock/assets/main.js',
    '/__mock/docs',
    '/__mock/assets/swagger-ui/swagger-ui-bundle.js',
  ];
  const statuses = await Promise.all(paths.map(async (path) => (await fetch(`${mock?.baseUrl ?? ''}${path}`)).status));
  expect(statuses).toEqual([200, 200, 200, 200]);
}, 60_000);

test('npx articles-contract passes against the packaged mock and writes its JUnit and HTML reports', async () => {
  if (!mock) throw new Error('the packaged mock did not start');
  const args = ['articles-contract', '--base-url', mock.baseUrl, '--article-id', '1', '--junit', 'contract.xml'];
  args.push('--html', 'contract.html');
  const suite = await run('npx', args, project);
  expect(suite.output).toMatch(/\d+ checks: \d+ passed, 0 failed/);
  expect(suite.code).toBe(0);
  expect(readFileSync(join(project, 'contract.xml'), 'utf8')).toMatch(/<testsuites [^>]*failures="0"/);
  expect(readFileSync(join(project, 'contract.html'), 'utf8')).toContain('<h1>Contract run passed</h1>');
}, 120_000);

// The module resolutions client projects still use: node16 and nodenext read `exports`, bundler
// too, and the older node10 reads `typesVersions`.
test.each([
  ['node16', 'node16'],
  ['nodenext', 'nodenext'],
  ['esnext', 'bundler'],
  ['commonjs', 'node10'],
])(
  'a TypeScript file compiles against site-articles-mock/types with module %s, resolution %s',
  async (module, moduleResolution) => {
    writeFileSync(join(project, 'client.ts'), consumerTypes);
    const settings = {
      compilerOptions: { strict: true, module, moduleResolution, noEmit: true, types: [], ignoreDeprecations: '5.0' },
      files: ['client.ts'],
    };
    const config = `tsconfig.${moduleResolution}.json`;
    writeFileSync(join(project, config), JSON.stringify(settings));
    const compiled = await run(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', join(project, config)],
      project,
    );
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);
  },
  60_000,
);

test('node imports createApp, the OpenAPI document and a schema from the package', async () => {
  writeFileSync(join(project, 'use.js'), consumerScript);
  const used = await run(process.execPath, ['use.js'], project);
  expect(JSON.parse(used.output)).toEqual({ reset: 'function', openapi: '3.1.0', schema: 'Article' });
}, 60_000);

test('site-articles-mock/msw answers a request through msw/node in the consumer project', async () => {
  writeFileSync(join(project, 'msw.js'), mswScript);
  const used = await run(process.execPath, ['msw.js'], project);
  expect(JSON.parse(used.output)).toEqual({ status: 200, url: 'http://msw.test/admin/api/articles/1', journal: 1 });
}, 60_000);
