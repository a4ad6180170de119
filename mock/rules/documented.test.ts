/**
 * The README documents every error the mock can send and every limit it applies. These keep its
 * "Error catalogue" table and its limits table in step with the code, both ways.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBlocks } from '../../scripts/generate/markdown-blocks';
import { errorCatalogue } from './api-error';
import {
  maxBodyBytes,
  maxCommentLengths,
  maxFixtureDepth,
  maxHostLength,
  maxIgnoredFieldsLength,
  maxJsonDepth,
  maxKeyLength,
  maxQueryLength,
} from './limits';

const blocks = parseBlocks(readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8'));

/** Rows of the first table after the heading `title`. */
function tableAfter(title: string): string[][] {
  const heading = blocks.findIndex((block) => block.kind === 'heading' && block.text === title);
  const table = blocks.slice(heading + 1).find((block) => block.kind === 'table');
  if (heading < 0 || table?.kind !== 'table') throw new Error(`README.md has no table under "${title}"`);
  return table.rows;
}

const number = (value: number): string => value.toLocaleString('en-US');

test('the README error catalogue lists every error of errorCatalogue with its status and message', () => {
  const documented = tableAfter('Error catalogue').map(
    ([code, status, message]) => `${code ?? ''} ${status ?? ''} ${message ?? ''}`,
  );
  const catalogue = Object.entries(errorCatalogue).map(([code, entry]) => `${code} ${entry.status} ${entry.message}`);
  expect(documented.sort()).toEqual(catalogue.sort());
});

test('the README limits table gives the values the mock applies', () => {
  const documented = new Map(
    tableAfter('Hardening: what was tried and what held').map(([limit, value]) => [limit ?? '', value ?? '']),
  );
  const wanted: Record<string, string> = {
    'request body (after gzip inflation)': `${number(maxBodyBytes)} bytes`,
    'JSON nesting of a body ({}/[] = one level)': `${maxJsonDepth} (control API: ${maxFixtureDepth})`,
    'data key a write may create': `${number(maxKeyLength)} characters`,
    'comment author / author_email / body': `${maxCommentLengths.author} / ${maxCommentLengths.author_email} / ${number(maxCommentLengths.body)} characters`,
    'query string': `${number(maxQueryLength)} characters`,
    'Host used in answer addresses': `${maxHostLength} characters`,
    'X-Mock-Ignored-Fields': `${number(maxIgnoredFieldsLength)} characters`,
  };
  expect(Object.fromEntries(Object.keys(wanted).map((limit) => [limit, documented.get(limit)]))).toEqual(wanted);
});
