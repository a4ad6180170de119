/**
 * The package test's in-process `tsc -p` (type-check.ts) says what tsc says: nothing for a file
 * that compiles, the error for one that does not, in tsc's order, the new contents of a declaration
 * file changed between two checks, and each module resolution's own reading of a shared one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolders } from '../test-support/temp-files';
import { typeCheck } from './type-check';

const newProject = tempFolders('type-check');

function projectWith(files: Record<string, string>): string {
  const project = newProject();
  const compilerOptions = {
    strict: true,
    noEmit: true,
    skipDefaultLibCheck: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: [],
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts'] }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text);
  return project;
}

describe('the in-process type check', () => {
  test('says nothing of a strict file that compiles', () => {
    const project = projectWith({ 'client.ts': 'export const total: number = [1, 2].length;\n' });
    expect(typeCheck(project, 'tsconfig.json')).toBe('');
  });

  test("names the file, the line and TypeScript's code of an error", () => {
    const project = projectWith({ 'client.ts': "export const total: number = 'two';\n" });
    expect(typeCheck(project, 'tsconfig.json')).toMatch(/^client\.ts\(1,14\): error TS2322: /);
  });

  test('says a module that is not installed cannot be found', () => {
    const project = projectWith({ 'client.ts': "import { nothing } from 'not-installed';\nexport { nothing };\n" });
    expect(typeCheck(project, 'tsconfig.json')).toContain('error TS2307');
  });

  test('reads a declaration file again once it has changed', () => {
    const uses = "import { value } from './value.js';\nexport const text: string = value;\n";
    const project = projectWith({ 'client.ts': uses, 'value.d.ts': 'export declare const value: number;\n' });
    expect(typeCheck(project, 'tsconfig.json')).toContain('error TS2322');
    writeFileSync(join(project, 'value.d.ts'), 'export declare const value: string;\n');
    expect(typeCheck(project, 'tsconfig.json')).toBe('');
  });

  test('says what is wrong with a settings file it cannot read', () => {
    const project = newProject();
    writeFileSync(join(project, 'tsconfig.json'), '{ "compilerOptions": { "strict": "very" } }');
    expect(typeCheck(project, 'tsconfig.json')).toContain('error TS5024');
  });

  test('reports what a tsc process reports, in its order: a syntax error alone, the type error after it unreported', () => {
    const project = projectWith({ 'client.ts': "export const total: number = 'two';\nexport const broken = ;\n" });
    const checked = typeCheck(project, 'tsconfig.json');
    expect(checked).toMatch(/^client\.ts\(2,23\): error TS1109: /);
    expect(checked).toBe(tscProcess(project, 'tsconfig.json'));
  });

  test('reads a package shared by checks under different resolutions as each resolution does', () => {
    const project = projectWith({
      'client.ts': "import { value } from 'esm-only';\nexport const doubled: number = value * 2;\n",
      'package.json': '{ "type": "commonjs" }',
    });
    const esmOnly = join(project, 'node_modules', 'esm-only');
    mkdirSync(esmOnly, { recursive: true });
    const exportsField = { '.': { types: './index.d.ts', default: './index.js' } };
    writeFileSync(
      join(esmOnly, 'package.json'),
      JSON.stringify({ name: 'esm-only', type: 'module', exports: exportsField }),
    );
    writeFileSync(join(esmOnly, 'index.d.ts'), 'export declare const value: number;\n');
    const settingsFor = (module: string, moduleResolution: string): string => {
      const compilerOptions = {
        strict: true,
        noEmit: true,
        skipDefaultLibCheck: true,
        module,
        moduleResolution,
        types: [],
      };
      writeFileSync(
        join(project, `tsconfig.${moduleResolution}.json`),
        JSON.stringify({ compilerOptions, files: ['client.ts'] }),
      );
      return `tsconfig.${moduleResolution}.json`;
    };
    const [bundler, node16] = [settingsFor('esnext', 'bundler'), settingsFor('node16', 'node16')];
    expect(typeCheck(project, bundler)).toBe('');
    // A CommonJS file may not import an ES module under node16 (TS1479), whatever was read before.
    const underNode16 = typeCheck(project, node16);
    expect(underNode16).toContain('error TS1479');
    expect(underNode16).toBe(tscProcess(project, node16));
    expect(typeCheck(project, bundler)).toBe('');
  });
});

/** What `tsc -p <config>` prints as a process of its own (its exit code aside). */
function tscProcess(project: string, config: string): string {
  try {
    return execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', config], {
      cwd: project,
      encoding: 'utf8',
    }).trim();
  } catch (error) {
    return String((error as { stdout?: unknown }).stdout).trim();
  }
}
