/**
 * The Zod emitter as given-JSON-Schema -> wanted-code cases, the keywords it refuses rather than
 * leave out, and the module it writes from the real tables. That the code decides as Ajv does is
 * schemas/validation/zod-agreement.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchemaFiles, type JsonSchema, type SchemaFile } from './build-schemas';
import { buildZodSchemas } from './build-zod';
import { tablesPath } from './generated-files';
import { parseInterfaceTables } from './parse-tables';
import { zodOf } from './zod-keywords';

const context = { at: 'thing.json', refName: (ref: string): string => `Named(${ref})` };

describe('a JSON Schema becomes Zod code', () => {
  test.each<{ given: JsonSchema; want: string }>([
    { given: { type: 'integer', description: 'A count.' }, want: 'integer' },
    { given: { type: 'string' }, want: 'z.string()' },
    { given: { type: 'boolean' }, want: 'z.boolean()' },
    { given: { description: 'Any JSON value.' }, want: 'anyValue' },
    { given: { type: 'object', additionalProperties: true }, want: 'z.record(z.string(), z.unknown())' },
    { given: { type: 'array', items: { type: 'string' } }, want: 'z.array(z.string())' },
    { given: { $ref: 'other.json', description: 'The other.' }, want: 'Named(other.json)' },
    { given: { type: 'string', format: 'email' }, want: 'email' },
    { given: { type: 'string', format: 'date-time', pattern: '^[0-9]{4}Z$' }, want: 'dateTime.regex(/^[0-9]{4}Z$/u)' },
    {
      given: { type: 'string', pattern: '/api/things/[0-9]+$', 'x-ends-with': '/api/things/{id}' },
      want: 'z.string().regex(/\\/api\\/things\\/[0-9]+$/u)',
    },
    {
      given: { type: 'object', properties: { id: { type: 'integer' }, note: { type: 'string' } }, required: ['id'] },
      want: 'z.looseObject({\n"id": integer,\n"note": z.string().optional(),\n})',
    },
    {
      given: { type: 'object', properties: { id: { type: 'integer' } }, required: [], additionalProperties: false },
      want: 'z.strictObject({\n"id": integer.optional(),\n})',
    },
  ])('$want', ({ given, want }) => {
    expect(zodOf(given, context)).toBe(want);
  });
});

describe('a keyword the emitter would not say stops generation, with the place named', () => {
  test.each<{ given: JsonSchema; error: string }>([
    { given: { type: 'string', minLength: 1 }, error: 'thing.json: no Zod for minLength here' },
    { given: { type: 'integer', pattern: '^1' }, error: 'thing.json: no Zod for pattern here' },
    { given: { type: 'string', format: 'uri' }, error: 'thing.json: no Zod for the format "uri"' },
    { given: { type: 'number' }, error: 'thing.json: no Zod for the type "number"' },
    {
      given: { type: 'object', properties: { a: { type: 'string', enum: ['x'] } } },
      error: 'thing.json/properties/a: no Zod for enum here',
    },
    {
      given: { type: 'object', properties: {}, required: ['a'] },
      error: 'thing.json: required but not a property: a',
    },
  ])('$error', ({ given, error }) => {
    expect(() => zodOf(given, context)).toThrow(error);
  });
});

describe('the module of the real tables', () => {
  const files = buildSchemaFiles(parseInterfaceTables(readFileSync(join(__dirname, '..', '..', tablesPath), 'utf8')));
  const code = buildZodSchemas(files, '// banner');
  const declared = (name: string): number => code.indexOf(`const ${name} = `);
  const declaration = (name: string): string => code.slice(declared(name), code.indexOf('\n});', declared(name)));

  test('exports every tolerant schema by its shape name and every strict one in `strict`', () => {
    for (const file of files) {
      const wanted = file.family === 'tolerant' ? `export const ${file.name} = ` : `${file.name}: Strict${file.name}`;
      expect(code).toContain(wanted);
    }
  });

  test('declares each schema after the schemas it refers to, in its own family', () => {
    expect(declared('PageSummary')).toBeLessThan(declared('Article'));
    expect(declared('StrictPageSummary')).toBeLessThan(declared('StrictArticle'));
    expect(declaration('StrictArticle')).toContain('"page": StrictPageSummary,');
    expect(declaration('Article')).toContain('"page": PageSummary,');
  });

  test('a $ref that names no generated schema stops generation', () => {
    const broken: SchemaFile[] = files.map((file) =>
      file.name === 'Article' && file.family === 'tolerant'
        ? { ...file, schema: { ...file.schema, properties: { page: { $ref: 'nowhere.json' } } } }
        : file,
    );
    expect(() => buildZodSchemas(broken, '')).toThrow('article.json: $ref nowhere.json names no generated schema');
  });
});
