/**
 * `npm run generate` writes the schemas, types and OpenAPI document from the interface tables.
 * `npm run check:generated` generates in memory and fails, with a diff, when anything committed
 * differs, is missing, or is a leftover that generation no longer produces.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { generatedFiles, generatedFolders, tablesPath } from './generated-files';

const root = join(__dirname, '..', '..');

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function onDisk(): string[] {
  return generatedFolders.flatMap((folder) => listFiles(join(root, folder)));
}

function write(files: Map<string, string>): void {
  for (const stale of onDisk().filter((path) => !files.has(path))) rmSync(join(root, stale));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  console.log(`generated ${files.size} files from ${tablesPath}`);
}

function check(files: Map<string, string>): boolean {
  const problems: string[] = [];
  for (const [path, wanted] of files) {
    const full = join(root, path);
    const actual = existsSync(full) ? readFileSync(full, 'utf8') : '';
    if (actual !== wanted) problems.push(createTwoFilesPatch(`committed/${path}`, `generated/${path}`, actual, wanted));
  }
  for (const stale of onDisk().filter((path) => !files.has(path))) {
    problems.push(`${stale}: not produced by generation any more (stale leftover)\n`);
  }
  if (problems.length === 0) {
    console.log(`generated files are up to date with ${tablesPath}`);
    return true;
  }
  console.error(problems.join('\n'));
  console.error(`${problems.length} generated file(s) are stale: run \`npm run generate\` and commit the result.`);
  return false;
}

async function main(): Promise<void> {
  const files = await generatedFiles(readFileSync(join(root, tablesPath), 'utf8'));
  if (process.argv.includes('--check')) process.exitCode = check(files) ? 0 : 1;
  else write(files);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
