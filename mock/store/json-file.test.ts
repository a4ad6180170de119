/**
 * The chunked reader of large fixture files gives exactly what `JSON.parse` gives: the same value
 * for every JSON text, the same error for every broken one, whatever the chunk and batch sizes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { readChunked, readJsonFile, type ReadSizes } from './json-file';

const folder = mkdtempSync(join(tmpdir(), 'json-file-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

let files = 0;
function fileWith(text: string): string {
  files += 1;
  const path = join(folder, `${String(files)}.json`);
  writeFileSync(path, text);
  return path;
}

/** Every file chunked, chunks of a few bytes, a batch split at nearly every comma. */
const tiny = (chunkBytes: number, batchBytes = 1): ReadSizes => ({ chunkedFrom: 0, chunkBytes, batchBytes });

function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch (error) {
    return { error: String(error) };
  }
}

/** [name, text, whether the chunked reader itself reads it (the rest fall back to JSON.parse)]. */
const texts: [string, string, boolean][] = [
  [
    'a fixture-like object',
    '{"pages":[{"id":1,"t":"a"}],"comments":[{"body":"x, y ] }"},{"body":"q\\"uote\\\\"}]}',
    true,
  ],
  ['empty arrays and objects', ' { "a" : [ ] , "b" : { } , "c" : [] }\n', true],
  ['members that are not arrays', '{"n":1,"s":"t,}","o":{"a":[1,{"b":2}]},"z":null,"f":false}', true],
  ['nested arrays in records', '{"a":[[1,[2,3]],[],{"x":[4]}],"b":[1,2,3,4,5,6,7,8,9]}', true],
  ['escapes and multi-byte characters', '{"a":["\\u00e4\\\\","ä€𝄞","\\\\\\"",""],"ä":"ö"}', true],
  ['a repeated key and __proto__', '{"a":[1],"__proto__":[2],"a":[3]}', true],
  ['an empty object', '{}', true],
  ['an array at the top', '[1,2,3]', false],
  ['a trailing comma in an array', '{"a":[1,2,]}', false],
  ['a leading comma in an array', '{"a":[,1]}', false],
  ['a trailing comma in the object', '{"a":[1],}', false],
  ['an unclosed array', '{"a":[1,2', false],
  ['garbage after the object', '{"a":[1]} x', false],
  ['a byte-order mark', '\ufeff{"a":[1]}', false],
  ['a missing colon', '{"a" [1]}', false],
  ['a bad record', '{"a":[{"x":1},{"x":}]}', false],
];

describe('readJsonFile', () => {
  test.each(texts)('reads %s as JSON.parse does, in chunks of any size', (_name, text, chunked) => {
    const path = fileWith(text);
    const expected = outcome(() => JSON.parse(text) as unknown);
    for (const chunkBytes of [1, 2, 3, 7, 64]) {
      expect(outcome(() => readJsonFile(path, tiny(chunkBytes)))).toEqual(expected);
      if (chunked) expect(readChunked(path, tiny(chunkBytes))).toEqual(JSON.parse(text));
      else expect(() => readChunked(path, tiny(chunkBytes))).toThrow();
    }
  });

  test('reads any object of arrays as JSON.parse does', () => {
    const record = fc.dictionary(fc.string(), fc.jsonValue());
    const site = fc.dictionary(fc.string(), fc.oneof(fc.array(record), fc.jsonValue()));
    fc.assert(
      fc.property(
        site,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        (value, chunkBytes, batchBytes) => {
          const text = JSON.stringify(value);
          expect(readChunked(fileWith(text), tiny(chunkBytes, batchBytes))).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 200 },
    );
  });
});
