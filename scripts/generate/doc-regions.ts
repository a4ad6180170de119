/**
 * Tables in docs/ that come from code, filled in by `npm run generate` between markers
 * (`<!-- generated: NAME -->` ... `<!-- end of generated: NAME -->`) and held by `check:generated`,
 * so a page can never disagree with the code and no test has to read prose. The prose around a
 * region is the page's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docTables } from './doc-tables';

const start = (name: string): string => `<!-- generated: ${name} (npm run generate) -->`;
const end = (name: string): string => `<!-- end of generated: ${name} -->`;

/** `page` with the region `name` holding `content`; an error naming the page when a marker is missing. */
export function fillRegion(page: string, file: string, name: string, content: string): string {
  const from = page.indexOf(start(name));
  const to = page.indexOf(end(name));
  if (from < 0 || to < from) throw new Error(`${file} has no region "${name}": add ${start(name)} and ${end(name)}`);
  return `${page.slice(0, from + start(name).length)}\n\n${content.trim()}\n\n${page.slice(to)}`;
}

/** Every docs page that holds a generated region, as generation would write it. */
export function generatedDocPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const { file, name, render } of docTables) {
    const page = pages.get(file) ?? readFileSync(join(root, file), 'utf8');
    pages.set(file, fillRegion(page, file, name, render()));
  }
  return pages;
}
