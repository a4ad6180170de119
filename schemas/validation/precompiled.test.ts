/**
 * The validators the build precompiles (scripts/precompile-validators.ts, Ajv standalone code)
 * judge exactly as the ones compiled at run time: for every generated schema and for valid and
 * broken data alike, the same verdict and the same errors.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import standaloneCode from 'ajv/dist/standalone';
import fc from 'fast-check';
import { schemaDocuments } from '../generated/index';
import { createAjv } from './ajv';

interface Validator {
  (data: unknown): boolean;
  errors?: unknown;
}

const ids = schemaDocuments.map((document) => document.$id);
const compiled = createAjv();
const source = standaloneCode(createAjv({ source: true }), Object.fromEntries(ids.map((id) => [id, id])));
const standalone: Record<string, Validator> = {};
// The generated CommonJS module, run here with this file's `require` (what the build's file does).
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating Ajv's generated code is the point
const run = new Function('exports', 'require', source) as (exports: object, load: NodeJS.Require) => void;
run(standalone, require);

/** Every example and case of validation/samples, and each example with one field dropped or odd. */
function sampleData(): unknown[] {
  const folder = join(__dirname, 'samples');
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  const data: unknown[] = [];
  for (const name of files) {
    const file = JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
      example?: unknown;
      cases: { data?: unknown }[];
    };
    for (const each of file.cases) if (each.data !== undefined) data.push(each.data);
    const example = file.example;
    if (example === null || typeof example !== 'object') continue;
    data.push(example);
    for (const key of Object.keys(example)) {
      const { [key]: _dropped, ...rest } = example as Record<string, unknown>;
      data.push(rest, { ...example, [key]: 'odd' }, { ...example, [key]: null }, { ...example, extra: 1 });
    }
  }
  return data;
}

function verdict(validator: Validator | undefined, data: unknown): unknown {
  if (!validator) throw new Error('missing validator');
  const valid = validator(data);
  return { valid, errors: valid ? null : validator.errors };
}

describe('the precompiled validators', () => {
  test.each(ids)('judge %s as the run-time compiled one does', (id) => {
    const runtime = compiled.getSchema(id);
    for (const data of sampleData()) expect(verdict(standalone[id], data)).toEqual(verdict(runtime, data));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (data) => {
        expect(verdict(standalone[id], data)).toEqual(verdict(runtime, data));
      }),
      { numRuns: 50 },
    );
  });
});
