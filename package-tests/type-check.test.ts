/**
 * The package test's in-process `tsc -p` (type-check.ts) says what tsc says: nothing for a file
 * that compiles, the error for one that does not, and the new contents of a declaration file
 * changed between two checks.
 */
import { writeFileSync } from 'node:fs';
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
});
