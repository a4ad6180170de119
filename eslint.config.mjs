// One lint configuration for every source file: TypeScript with type information, plain
// JavaScript/ESM config files without it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettierConfig from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { workHistory } from './scripts/lint/work-history.mjs';

/** Import paths (gitignore-style, as no-restricted-imports reads them) that name a top-level folder. */
const folder = (name) => [`**/${name}`, `**/${name}/**`];
const testFiles = ['**/*.test.ts', '**/__tests__/**'];
/** TypeScript sources: `.mts` is an entry point compiled as an ES module (mock/msw/index.mts). */
const typeScript = ['**/*.ts', '**/*.mts'];

/** What ships never depends on what proves it. */
const runtimeOnly = {
  group: [...folder('contract-tests'), 'site-articles-contract', ...folder('proof'), ...folder('test-support')],
  message: 'runtime code imports no contract-suite, proof or test code (docs: architecture)',
};

/** The contract suite knows only a target: the mock only as the in-process target (in-process.ts), loaded when asked. */
const targetOnly = {
  group: [...folder('mock'), 'site-articles-mock', ...folder('proof'), ...folder('test-support')],
  message: 'the contract suite knows only a target address (the in-process mock is in-process.ts)',
};

/**
 * One layer's rule: `files` may not import what `regex` matches (a relative path), nor what `base`
 * forbids the whole package (test code; for the suite, the mock). A later rule replaces an earlier
 * one for the same files, so each layer repeats `base`.
 */
const layer = (files, regex, message, base = runtimeOnly) => ({
  files: [files],
  ignores: testFiles,
  rules: { 'no-restricted-imports': ['error', { patterns: [base, { regex, message }] }] },
});

/** A folder of `root` that imports, of the folders and files beside it, only those in `allowed` (docs: architecture). */
const onlyBeside = (root, name, allowed, base = runtimeOnly) =>
  layer(
    `${root}/${name}/**/*.ts`,
    allowed.length === 0 ? '^\\.\\./' : `^\\.\\./(?!(${allowed.join('|')})(/|$))`,
    `${root}/${name}/ imports ${allowed.length === 0 ? 'nothing beside it' : `only ${allowed.join(', ')}`} (docs: architecture: what may import what)`,
    base,
  );

const packageFiles = ['mock/**/*.{ts,mts}', 'contract-tests/**/*.ts', 'schemas/**/*.ts'];
const importOfAFolder = {
  selector: 'ImportDeclaration[source.value=/^(\\.\\.?|.*\\/\\.\\.)$/]',
  message: "import '../index' (or the package's name), not a folder: a package's folder resolves to its build",
};
const importOfAPackageByPath = {
  selector: 'ImportDeclaration[source.value=/^(\\.\\.\\/)+(schemas|mock|contract-tests)(\\/|$)/]',
  message: 'import another package by its name (site-articles-schemas/..., site-articles-mock), not by a relative path',
};

/**
 * Tests reach the system's temporary folder only through test-support/temp-files.ts, whose folders
 * are removed after their tests (and a run fails when one is left: run-temp-folder.ts).
 */
const ownTemporaryFolder = ['ImportSpecifier[imported.name', 'MemberExpression[property.name'].map((node) => ({
  selector: `${node}=/^(mkdtemp|mkdtempSync|tmpdir)$/]`,
  message: 'make temporary folders with tempFolders (test-support/temp-files.ts), which removes them after the tests',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'reports/**', '.tmp/**'] },
  js.configs.recommended,
  {
    files: typeScript,
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'max-lines': ['warn', { max: 220, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 60, skipBlankLines: true, skipComments: true }],
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/__tests__/**/*.ts', 'contract-tests/**/*.ts', 'test-support/**/*.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // The workbench page runs in the browser, as plain modules without a build step; so do the
    // scripts browser tests add to the page they test.
    files: ['mock/workbench/page/**/*.js', 'test-support/page-scripts/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        EventSource: 'readonly',
        FormData: 'readonly',
        Node: 'readonly',
        NodeFilter: 'readonly',
        getComputedStyle: 'readonly',
        Option: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    // Comments speak of the code, not of the issue that asked for it (scripts/lint/work-history.mjs).
    files: ['**/*.{ts,mts,js,mjs,cjs}'],
    plugins: { 'work-history': workHistory },
    rules: { 'work-history/no-issue-citations': 'error' },
  },
  {
    // No import cycles anywhere: each layer names what it needs from below (docs: architecture).
    files: typeScript,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.mts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // What ships never depends on what proves it: the mock and the schemas package import no
    // test or proof code (proof/variant-server.ts brings variants and the mock together instead).
    files: ['mock/**/*.{ts,mts}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [runtimeOnly],
        },
      ],
    },
  },
  {
    // The schemas package (validation, conformance, types) says what the interface states, for the
    // mock and the suite alike, and knows neither.
    files: ['schemas/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...folder('mock'),
                'site-articles-mock',
                ...folder('contract-tests'),
                'site-articles-contract',
                ...folder('proof'),
                ...folder('test-support'),
              ],
              message: 'the schemas package is shared by the mock and the suite, and imports neither',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract suite knows only a target: the mock only as the in-process target, loaded when asked.
    files: ['contract-tests/**/*.ts'],
    ignores: [...testFiles, 'contract-tests/in-process.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [targetOnly] }] },
  },
  // The suite's layers (docs: architecture), each importing only downward: explore -> report ->
  // the run (runner, restore, untouched-keys) -> checks -> failure, ledger, marker, values -> concurrent -> http.
  onlyBeside('contract-tests', 'http', [], targetOnly),
  onlyBeside('contract-tests', 'concurrent', ['http'], targetOnly),
  onlyBeside('contract-tests', 'values', [], targetOnly),
  onlyBeside('contract-tests', 'checks', ['concurrent', 'failure', 'http', 'ledger', 'marker', 'values'], targetOnly),
  onlyBeside(
    'contract-tests',
    'report',
    ['checks', 'concurrent', 'failure', 'http', 'restore', 'runner', 'settings'],
    targetOnly,
  ),
  onlyBeside(
    'contract-tests',
    'explore',
    ['checks', 'cli-options', 'concurrent', 'failure', 'http', 'report', 'restore', 'runner', 'signals', 'drive'],
    targetOnly,
  ),
  // The mock's layers (docs: architecture), each importing only downward: msw -> app; app and proxy
  // -> adapters -> journal, security, workbench -> core -> rules -> present -> store, with persist ->
  // loading beside them and runtime (Node's worker threads, node:crypto, optional peers) below all.
  // scripts/layers.test.ts holds each folder's rule.
  // The bottom layer: the store holds records and knows no rule, no presentation, no validation.
  layer(
    'mock/store/**/*.ts',
    '^(\\.\\./|site-articles-schemas(?!/types$))',
    'mock/store/ is the bottom layer: it imports only its own files and the generated types',
  ),
  layer(
    'mock/present/**/*.ts',
    '^(\\.\\./(?!store(/|$))|site-articles-schemas(?!/types$))',
    'mock/present/ imports only mock/store and the generated types',
  ),
  // The rules know no HTTP (they refuse with rules/refusal.ts; the catalogue and HTTP limits are the core's).
  onlyBeside('mock', 'rules', ['present', 'store']),
  onlyBeside('mock', 'core', ['rules', 'store']),
  onlyBeside('mock', 'runtime', []),
  onlyBeside('mock', 'loading', ['present', 'runtime', 'store']),
  onlyBeside('mock', 'persist', ['loading', 'runtime', 'store']),
  onlyBeside('mock', 'journal', ['core']),
  onlyBeside('mock', 'security', ['core']),
  onlyBeside('mock', 'workbench', ['core']),
  onlyBeside('mock', 'adapters', ['core', 'runtime']),
  onlyBeside('mock', 'proxy', ['adapters', 'core', 'journal', 'loading', 'runtime', 'security', 'store', 'workbench']),
  onlyBeside('mock', 'app', [
    'adapters',
    'core',
    'fixtures',
    'journal',
    'loading',
    'rules',
    'runtime',
    'security',
    'store',
    'workbench',
  ]),
  onlyBeside('mock', 'msw', ['adapters', 'app', 'core']),
  // What the command adds around the server (the watch on npm, --watch, the banner, colour).
  onlyBeside('mock', 'command', ['cli-options', 'core']),
  // A package's folder has a package.json whose `main` is its build: an import of a package's root by
  // relative path would load the build, not the sources (decision 014). Code names `index`, or the
  // package; across packages, only tests may reach another package's inner modules.
  {
    files: packageFiles,
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', importOfAFolder, importOfAPackageByPath] },
  },
  { files: testFiles, rules: { 'no-restricted-syntax': ['error', importOfAFolder, ...ownTemporaryFolder] } },
  // Generated files are as long as the interface makes them; the generator's own modules stay small.
  { files: ['schemas/generated/**/*.ts'], rules: { 'max-lines': 'off' } },
  // Last, so that Prettier alone owns layout.
  prettierConfig,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
      },
    },
  },
);
