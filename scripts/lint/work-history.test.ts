/** The project's own lint rule against comments that cite issues, as the project's configuration runs it. */
import { join } from 'node:path';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: join(__dirname, '..', '..') });

async function citations(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(__dirname, 'probe.mjs') });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'work-history/no-issue-citations')
    .map((message) => message.message);
}

test.each([
  '// Reads stay cached (issue 32).\nexport const a = 1;\n',
  '/**\n * Items 4 and 5 of Issues 29 and 30.\n */\nexport const a = 1;\n',
  '/* see issue #14 */ export const a = 1;\n',
])('refuses a comment that cites an issue: %j', async (source) => {
  expect(await citations(source)).toEqual([expect.stringContaining('a comment cites an issue') as unknown]);
});

test.each([
  '// The issue with a stale read is that it hides a lost write.\nexport const a = 1;\n',
  "export const text = 'issue 32';\n",
  '// Colours: --fail #b42318.\nexport const a = 1;\n',
])('lets a comment that cites no issue pass: %j', async (source) => {
  expect(await citations(source)).toEqual([]);
});
