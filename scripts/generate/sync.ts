/**
 * Writing generated files to a project folder, and comparing a folder with what generation would
 * write. Both take the root as an argument so tests can use a scratch folder.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { generatedFolder } from './generated-files';

function filesIn(root: string, folder: string): string[] {
  const full = join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The files on disk in the folder generation owns (generated-files.ts). */
const filesOnDisk = (root: string): string[] => filesIn(root, generatedFolder);

/** Writes every file and removes leftovers that generation no longer produces. */
export function writeGenerated(root: string, files: Map<string, string>): void {
  for (const stale of filesOnDisk(root).filter((path) => !files.has(path))) rmSync(join(root, stale));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** One readable entry (a unified diff, or a sentence) per file that differs from generation. */
export function staleFiles(root: string, files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, wanted] of files) {
    const full = join(root, path);
    const actual = existsSync(full) ? readFileSync(full, 'utf8') : '';
    if (actual !== wanted) problems.push(createTwoFilesPatch(`committed/${path}`, `generated/${path}`, actual, wanted));
  }
  for (const stale of filesOnDisk(root).filter((path) => !files.has(path))) {
    problems.push(`${stale}: not produced by generation any more (stale leftover)\n`);
  }
  return problems;
}
