/**
 * Every relative link in the README and docs/ leads somewhere: the file exists and, when the link
 * names a heading (`page.md#heading`), the page has that heading (GitHub's anchor form).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(__dirname, '..');
const docs = readdirSync(join(root, 'docs'), { recursive: true }).map((name) => `docs/${String(name)}`);
const pages = ['README.md', 'BENCHMARKS.md', ...docs].filter((name) => name.endsWith('.md'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

const anchorsIn = (file: string): Set<string> =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );

const links = pages.flatMap((page) =>
  [...readFileSync(join(root, page), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => ({ page, target })),
);

test('the README and docs/ hold links to check', () => {
  expect(links.filter(({ page }) => page === 'README.md').length).toBeGreaterThan(10);
});

test.each(links)('$page links to $target, which exists', ({ page, target }) => {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? join(root, page) : join(root, dirname(page), path);
  expect([relative(root, file), existsSync(file)]).toEqual([relative(root, file), true]);
  if (anchor !== undefined && file.endsWith('.md')) expect(anchorsIn(file)).toContain(anchor);
});
