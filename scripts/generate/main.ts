/**
 * `npm run generate` writes the schemas, types and OpenAPI document from the interface tables, and
 * the docs tables that come from code (doc-tables.ts).
 * `npm run check:generated` generates in memory and fails, with a diff, when anything committed
 * differs, is missing, or is a leftover that generation no longer produces.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles, tablesPath } from './generated-files';
import { staleFiles, writeGenerated } from './sync';

const root = join(__dirname, '..', '..');

async function main(): Promise<void> {
  const files = await generatedFiles(readFileSync(join(root, tablesPath), 'utf8'), root);
  if (!process.argv.includes('--check')) {
    writeGenerated(root, files);
    console.log(`generated ${files.size} files from ${tablesPath} and the code the docs tables come from`);
    return;
  }
  const problems = staleFiles(root, files);
  if (problems.length === 0) {
    console.log(`generated files are up to date with ${tablesPath}`);
    return;
  }
  console.error(problems.join('\n'));
  console.error(`${problems.length} generated file(s) are stale: run \`npm run generate\` and commit the result.`);
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
