/**
 * The three packages as their audiences install them (docs/packages.md): each tarball alone in an
 * empty project. The mock's brings its command, handlers and types and no test runner, property
 * testing, Swagger UI, Express or libsql (its optional peers, each said to be missing when needed,
 * each working once installed); the contract command's brings no Express; the schemas package
 * brings the types, the OpenAPI document and validation to a client's repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run, startServer, type Server } from './child-processes';
import {
  clientScript,
  createAppTypesFile,
  expressTypesFile,
  handlersTypesFile,
  mswScript,
  typesFile,
  withoutExpressScript,
} from './consumer-scripts';
import { installedPackages, packAll, projectWith, type PackageName, type Packed } from './packed';
import { typeCheck } from './type-check';
import { tempFolders } from '../test-support/temp-files';

let mock: Server | undefined;
afterAll(async () => {
  mock?.stop();
  await mock?.exited;
});
// Removed after the hook above has stopped the installed mock.
const work = tempFolders('site-articles-pack')();
const root = resolve(__dirname, '..');
const projects = { mock: join(work, 'mock-user'), contract: join(work, 'contract-user'), client: join(work, 'client') };
let packed: Record<PackageName, Packed>;

/**
 * The version of a peer the project itself tests with (msw, Swagger UI, libsql), for the consumer
 * to install beside the package; read from the install, as not every package exports its package.json.
 */
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The module resolutions client projects use: node16 and nodenext read `exports`, bundler too, and
 * node10 (TypeScript 5 only; 7 removed it) `typesVersions`. node10 is last.
 */
const resolutions = [
  ['node16', 'node16'],
  ['nodenext', 'nodenext'],
  ['esnext', 'bundler'],
  ['commonjs', 'node10'],
];

/**
 * TypeScript 5 is the repository's own, run in this process (type-check.ts); 7, the current major,
 * is installed into the client project and run as its own `tsc`.
 */
const typeScript7 = (): string => join(projects.client, 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * TypeScript's own library files (lib.dom.d.ts and the rest) are not type-checked: nothing of the
 * packages is in them, and checking them was most of each compile's time. The packages' declaration
 * files and everything else they bring are checked in full (skipLibCheck stays off).
 */
const compilerSettings = { strict: true, noEmit: true, skipDefaultLibCheck: true };

/**
 * Writes `settings` as `config` in `project` and compiles it: what the compiler said, '' when it
 * said nothing. With `tsc`, that compiler runs as its own process, and its exit code comes first
 * when it is not 0.
 */
async function compileWith(project: string, config: string, settings: object, tsc?: string): Promise<string> {
  writeFileSync(join(project, config), JSON.stringify(settings));
  if (tsc === undefined) return typeCheck(project, config);
  const compiled = await run(process.execPath, [tsc, '-p', config], project);
  return (compiled.code === 0 ? compiled.output : `exit ${String(compiled.code)}: ${compiled.output}`).trim();
}

function compiles(project: string, from: string, module: string, moduleResolution: string, tsc?: string) {
  writeFileSync(join(project, 'client.ts'), typesFile(from));
  const settings = {
    compilerOptions: { ...compilerSettings, module, moduleResolution, types: [] },
    files: ['client.ts'],
  };
  return compileWith(project, `tsconfig.${moduleResolution}.json`, settings, tsc);
}

/** Compiles `source` as `name` in `project`, strict, with `options` over its settings: what the compiler said. */
function compilesFile(project: string, name: string, source: string, options: object): Promise<string> {
  writeFileSync(join(project, name), source);
  const settings = {
    compilerOptions: { ...compilerSettings, module: 'nodenext', moduleResolution: 'nodenext', ...options },
    files: [name],
  };
  return compileWith(project, `tsconfig.${name}.json`, settings);
}

/** One test per resolution: a strict file using the named types compiles without a message. */
function typesCompileUnderEveryResolution(project: string, from: string): void {
  test.each(resolutions)(
    `a TypeScript 5 file compiles against ${from} with module %s, resolution %s`,
    async (module, moduleResolution) => {
      expect(await compiles(project, from, module, moduleResolution)).toBe('');
    },
    60_000,
  );
}

const fetchStatus = async (path: string): Promise<number> => (await fetch(`${mock?.baseUrl ?? ''}${path}`)).status;

beforeAll(async () => {
  packed = await packAll(root, work);
  await Promise.all([
    projectWith(projects.mock, [packed.mock.tarball, `msw@${versionOf('msw')}`]),
    projectWith(projects.contract, [packed.contract.tarball]),
    projectWith(projects.client, [packed.schemas.tarball, 'typescript@7']),
  ]);
}, 480_000);

describe('every tarball', () => {
  test.each(['schemas', 'mock', 'contract'] as const)(
    'the %s tarball ships compiled code and no tests, proof, bench, sources or source maps',
    (name) => {
      const unwanted = packed[name].files.filter((path) =>
        /__tests__|hardening|(^|\/)bench\/|variants|proof|\.test\.js|\.map$|tsconfig|(?<!\.d)\.ts$/.test(path),
      );
      expect(unwanted).toEqual([]);
    },
  );

  test('the mock and the contract command each carry the schemas package inside them', () => {
    expect([packed.mock.bundled, packed.contract.bundled]).toEqual([
      ['site-articles-schemas'],
      ['site-articles-schemas'],
    ]);
    expect(packed.mock.files).toEqual(expect.arrayContaining(['bin/articles-mock.js', 'dist/msw/index.js']));
    expect(packed.mock.files).toEqual(expect.arrayContaining(['workbench/page/index.html']));
    expect(packed.contract.files).toEqual(expect.arrayContaining(['bin/articles-contract.js', 'dist/cli.js']));
  });
});

describe('the mock package, installed alone with msw', () => {
  test('brings no test runner, no property-testing library, no Swagger UI, no Express or its types, no libsql', () => {
    const unwanted = installedPackages(projects.mock).filter((name) =>
      /^(jest|jest-.*|@jest\/.*|fast-check|swagger-ui-dist|express|@types\/(express.*|body-parser|connect|serve-static|send|qs|range-parser|http-errors|mime)|libsql|@libsql\/.*)$/.test(
        name,
      ),
    );
    expect(unwanted).toEqual([]);
  });

  test('a strict TypeScript file using the handlers compiles without the types of Express', async () => {
    expect(await compilesFile(projects.mock, 'handlers.ts', handlersTypesFile, { skipLibCheck: false })).toBe('');
  }, 60_000);

  test('a TypeScript file using createApp compiles without the types of Express where declaration files are not checked', async () => {
    expect(await compilesFile(projects.mock, 'create-app.ts', createAppTypesFile, { skipLibCheck: true })).toBe('');
  }, 60_000);

  test('its handlers answer an operation and a control path through msw/node', async () => {
    writeFileSync(join(projects.mock, 'msw.js'), mswScript);
    const used = await run(process.execPath, ['msw.js'], projects.mock);
    const url = 'http://msw.test/admin/api/articles/1';
    expect(used.output).toBe(`${JSON.stringify({ status: 200, url, journal: 1, state: 200, articles: 5 })}\n`);
  }, 60_000);

  test('createApp is served without Express, and its Express app says what to install', async () => {
    writeFileSync(join(projects.mock, 'without-express.js'), withoutExpressScript);
    const used = JSON.parse((await run(process.execPath, ['without-express.js'], projects.mock)).output) as {
      faults: number;
      refused: string;
    };
    expect(used.faults).toBe(200);
    expect(used.refused).toContain('needs the express package, which is not installed: npm install express');
  }, 60_000);

  test('npx articles-mock --persist says in one line to install libsql, and exits 2', async () => {
    const refused = await run('npx', ['articles-mock', '--persist', 'site.db', '--port', '0'], projects.mock);
    expect(refused.output).toBe(
      'mock: --persist (the site kept in SQLite) needs the libsql package, which is not installed: npm install libsql\n',
    );
    expect(refused.code).toBe(2);
  }, 60_000);

  test('npx articles-mock names itself in its usage and knows no --variant', async () => {
    const help = await run('npx', ['articles-mock', '--help'], projects.mock);
    expect(help.output).toMatch(/^Usage: articles-mock \[options\]\n/m);
    expect(help.output).not.toContain('variant');
    const refused = await run(
      'npx',
      ['articles-mock', '--variant', 'timestamp-with-offset', '--port', '0'],
      projects.mock,
    );
    expect(refused.output).toContain("Unknown option '--variant'");
    expect(refused.code).toBe(2);
  }, 60_000);

  test('npx articles-mock serves the sample site and the workbench page', async () => {
    mock = await startServer('npx', ['articles-mock', '--port', '0', '--quiet'], projects.mock);
    const answer = await fetch(`${mock.baseUrl}/admin/api/articles/1`);
    expect(((await answer.json()) as { id: number }).id).toBe(1);
    expect(await Promise.all(['/__mock/', '/__mock/assets/main.js'].map(fetchStatus))).toEqual([200, 200]);
  }, 60_000);

  test('its start loads what the first answer needs: one precompiled validator, no schema document, no Ajv, no node:crypto', async () => {
    const report = join(work, 'loaded-modules.json');
    const preload = join(root, 'test-support', 'loaded-modules.cjs');
    const cli = join('node_modules', 'site-articles-mock', 'bin', 'articles-mock.js');
    const started = await startServer(
      process.execPath,
      ['--require', preload, cli, '--port', '0', '--quiet'],
      projects.mock,
      {
        LOADED_MODULES_FILE: report,
      },
    );
    const answer = await fetch(`${started.baseUrl}/admin/api/articles/1`);
    expect(answer.status).toBe(200);
    started.stop();
    await started.exited;
    const loaded = JSON.parse(readFileSync(report, 'utf8')) as { files: string[]; builtins: string[] };
    const schemasPackage = loaded.files.filter((file) => file.includes('/site-articles-schemas/'));
    expect(schemasPackage.filter((file) => /\/precompiled\.[^/]*\.js$/.test(file))).toEqual([
      expect.stringMatching(/\/precompiled\.strict\.article\.js$/),
    ]);
    expect(schemasPackage.filter((file) => file.endsWith('.json'))).toEqual([]);
    expect(loaded.files.filter((file) => file.includes('/node_modules/ajv'))).toEqual([]);
    expect(loaded.builtins).toContain('http');
    expect(loaded.builtins).not.toContain('crypto');
  }, 60_000);

  test('without Swagger UI its docs page says what to install, and serves no Swagger UI files', async () => {
    const docs = await fetch(`${mock?.baseUrl ?? ''}/__mock/docs`);
    expect(await docs.text()).toContain('npm install --save-dev swagger-ui-dist');
    expect(await fetchStatus('/__mock/assets/swagger-ui/swagger-ui-bundle.js')).toBe(404);
  }, 60_000);

  typesCompileUnderEveryResolution(projects.mock, 'site-articles-mock/types');
});

describe('the contract package, installed alone', () => {
  test('brings no Express and no test runner', () => {
    const unwanted = installedPackages(projects.contract).filter((name) => /^(express|jest|@jest\/.*)$/.test(name));
    expect(unwanted).toEqual([]);
  });

  test('npx articles-contract names itself in its usage', async () => {
    const help = await run('npx', ['articles-contract', '--help'], projects.contract);
    expect(help.output).toMatch(/^Usage: articles-contract \[options\]\n/m);
    expect(help.code).toBe(0);
  }, 60_000);

  test('npx articles-contract without --base-url says the in-process mock is not installed, and exits 2', async () => {
    const refused = await run('npx', ['articles-contract'], projects.contract);
    expect(refused.output).toContain('--base-url');
    expect(refused.output).toContain('site-articles-mock');
    expect(refused.code).toBe(2);
  }, 60_000);

  test('npx articles-contract passes against the packaged mock and writes its JUnit and HTML reports', async () => {
    if (!mock) throw new Error('the packaged mock did not start');
    const args = ['articles-contract', '--base-url', mock.baseUrl, '--article-id', '1', '--junit', 'contract.xml'];
    const suite = await run('npx', [...args, '--html', 'contract.html'], projects.contract);
    expect(suite.output).toMatch(/\d+ checks: \d+ passed, 0 failed/);
    expect(suite.code).toBe(0);
    expect(readFileSync(join(projects.contract, 'contract.xml'), 'utf8')).toMatch(/<testsuites [^>]*failures="0"/);
    expect(readFileSync(join(projects.contract, 'contract.html'), 'utf8')).toContain('<h1>Contract run passed</h1>');
  }, 120_000);
});

describe('the schemas package, installed alone in a client project', () => {
  test('brings no mock and no suite: only the validator it runs on', () => {
    expect(installedPackages(projects.client).sort()).toEqual(
      expect.not.arrayContaining(['express', 'fast-check', 'msw', 'swagger-ui-dist']),
    );
    expect(installedPackages(projects.client)).toEqual(expect.arrayContaining(['site-articles-schemas', 'ajv']));
  });

  test('node imports the OpenAPI document, a schema and the validation from it', async () => {
    writeFileSync(join(projects.client, 'use.js'), clientScript);
    const used = await run(process.execPath, ['use.js'], projects.client);
    expect(JSON.parse(used.output)).toEqual({ openapi: '3.1.0', schema: 'Article', rejects: true });
  }, 60_000);

  typesCompileUnderEveryResolution(projects.client, 'site-articles-schemas/types');

  test.each(resolutions.slice(0, 3))(
    'a TypeScript 7 file compiles against site-articles-schemas/types with module %s, resolution %s',
    async (module, moduleResolution) => {
      const from = 'site-articles-schemas/types';
      expect(await compiles(projects.client, from, module, moduleResolution, typeScript7())).toBe('');
    },
    60_000,
  );

  test('TypeScript 7 refuses the node10 resolution outright, as the docs say', async () => {
    const from = 'site-articles-schemas/types';
    expect(await compiles(projects.client, from, 'commonjs', 'node10', typeScript7())).toMatch(/^exit [1-9]: .*TS5108/);
  }, 60_000);
});

describe('the mock with Swagger UI installed beside it', () => {
  test('serves the Swagger UI docs', async () => {
    mock?.stop();
    const added = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', `swagger-ui-dist@${versionOf('swagger-ui-dist')}`],
      projects.mock,
    );
    expect(added.code).toBe(0);
    mock = await startServer('npx', ['articles-mock', '--port', '0', '--quiet'], projects.mock);
    const paths = ['/__mock/docs', '/__mock/assets/swagger-ui/swagger-ui-bundle.js'];
    expect(await Promise.all(paths.map(fetchStatus))).toEqual([200, 200]);
    expect(await (await fetch(`${mock.baseUrl}/__mock/docs`)).text()).toContain('swagger-ui-bundle.js');
  }, 120_000);
});

describe('the mock with Express and its types installed beside it', () => {
  test('a strict TypeScript file mounting createApp().app in an Express app compiles, .app typed as Express', async () => {
    const added = await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        `express@${versionOf('express')}`,
        `@types/express@${versionOf('@types/express')}`,
      ],
      projects.mock,
    );
    expect(added.code).toBe(0);
    expect(await compilesFile(projects.mock, 'express-app.ts', expressTypesFile, { skipLibCheck: false })).toBe('');
  }, 120_000);
});

/** The Zod schemas, for a frontend that validates what a server sent with the library it already uses. */
describe('the schemas package with zod 4 beside it, and without it', () => {
  const zodClient = join(work, 'zod-client');
  const zodScript = `import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { Article, strict } from 'site-articles-schemas/zod';
const article = JSON.parse(readFileSync('article.json', 'utf8'));
const inOwnSchema = z.object({ article: Article }).safeParse({ article });
const accepted = [Article.safeParse(article), strict.Article.safeParse(article), inOwnSchema].map((result) => result.success);
const refused = Article.safeParse({ ...article, id: String(article.id) }).error?.issues.map((issue) => issue.path.join('.'));
console.log(JSON.stringify({ accepted, refused }));
`;

  beforeAll(async () => {
    await projectWith(zodClient, [packed.schemas.tarball, `zod@${versionOf('zod')}`]);
  }, 240_000);

  test('accepts a real article of the packaged mock with the exported schema and refuses one whose id is a string', async () => {
    if (!mock) throw new Error('the packaged mock did not start');
    writeFileSync(join(zodClient, 'article.json'), await (await fetch(`${mock.baseUrl}/admin/api/articles/1`)).text());
    writeFileSync(join(zodClient, 'zod.js'), zodScript);
    const used = await run(process.execPath, ['zod.js'], zodClient);
    expect(JSON.parse(used.output)).toEqual({ accepted: [true, true, true], refused: ['id'] });
  }, 60_000);

  test('a client project without zod installs the package without zod, and importing /zod there names zod', async () => {
    expect(installedPackages(projects.client)).not.toContain('zod');
    const importZod = ['--input-type=module', '-e', "await import('site-articles-schemas/zod')"];
    const imported = await run(process.execPath, importZod, projects.client);
    expect(imported.output).toContain("Cannot find module 'zod'");
  }, 60_000);
});

describe('the mock with libsql installed beside it', () => {
  test('keeps the site across a restart with --persist', async () => {
    mock?.stop();
    const added = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', `libsql@${versionOf('libsql')}`],
      projects.mock,
    );
    expect(added.code).toBe(0);
    const persisted = ['articles-mock', '--port', '0', '--quiet', '--persist', 'site.db'];
    mock = await startServer('npx', persisted, projects.mock);
    const written = await fetch(`${mock.baseUrl}/admin/api/articles/2/data/colour`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"value":"teal"}',
    });
    expect(written.status).toBe(200);
    mock.stop();
    mock = await startServer('npx', persisted, projects.mock);
    const read = (await (await fetch(`${mock.baseUrl}/admin/api/articles/2`)).json()) as { data: object };
    expect(read.data).toEqual({ colour: 'teal' });
  }, 120_000);
});
