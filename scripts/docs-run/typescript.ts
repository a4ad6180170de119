/**
 * TypeScript blocks, type-checked in their scratch project by each TypeScript installed there (5
 * and 7 where the docs claim both), under the module resolutions a block's marker names, strict
 * as a careful project is; and compiled and run with node where the project runs its files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from './projects';
import type { PageSession } from './session';

/** The module settings of each resolution the docs name; node16 and nodenext in an ES-module project. */
export const resolutions: Record<string, { module: string; moduleResolution: string }> = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};

const baseOptions = { strict: true, target: 'es2022', lib: ['es2022', 'dom'], types: ['node'], skipLibCheck: false };

/** The resolutions a marker lists (`resolutions: node16 nodenext bundler`); nodenext when it lists none. */
export function resolutionsOf(listed: string | undefined): string[] {
  const names = listed?.split(/[\s,]+/).filter((name) => name !== '') ?? ['nodenext'];
  const unknown = names.filter((name) => !(name in resolutions));
  if (unknown.length > 0)
    throw new Error(`unknown resolution ${unknown.join(', ')}: use ${Object.keys(resolutions).join(', ')}`);
  return names;
}

function writeConfig(project: Project, name: string, files: string[], options: object): string {
  const config = `tsconfig.${name}.json`;
  writeFileSync(
    join(project.folder, config),
    JSON.stringify({ compilerOptions: { ...baseOptions, ...options }, files }),
  );
  return config;
}

/** Each TypeScript of the project checks `files` under each resolution, with no message. */
export async function typeCheck(
  project: Project,
  files: string[],
  names: string[],
  session: PageSession,
): Promise<void> {
  const majors = Object.entries(project.compilers);
  if (majors.length === 0)
    throw new Error(`the ${project.name} project has no TypeScript to check ${files.join(', ')}`);
  for (const [major, tsc] of majors) {
    for (const name of names) {
      const config = writeConfig(project, `${major}.${name}`, files, { ...resolutions[name], noEmit: true });
      await session.run(`node ${tsc} -p ${config}`, project);
    }
  }
}

/** Compiles `file` (nodenext, as the ES-module project it is in) and runs it with node: it must exit 0. */
export async function compileAndRun(project: Project, file: string, session: PageSession): Promise<void> {
  const [tsc] = Object.values(project.compilers);
  if (tsc === undefined) throw new Error(`the ${project.name} project has no TypeScript to compile ${file}`);
  const config = writeConfig(project, 'emit', [file], { ...resolutions.nodenext, outDir: 'out' });
  await session.run(`node ${tsc} -p ${config}`, project);
  await session.run(`node out/${file.replace(/\.ts$/, '.js')}`, project);
}
