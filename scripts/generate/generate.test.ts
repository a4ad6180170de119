/**
 * The generator as given-table -> wanted-output cases: small tables in, schema fragments, types
 * and OpenAPI out; plus what one changed row of the real tables does to every output.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchemaFiles } from './build-schemas';
import { generatedFiles, tablesPath } from './generated-files';
import { parseInterfaceTables } from './parse-tables';

const realTables = readFileSync(join(__dirname, '..', '..', tablesPath), 'utf8');

/** A minimal tables document around one shape's rows. */
function tables(
  rows: string,
  derived = '',
  otherAddresses = '',
  operationRow = '| readThing | 9.9 | GET | /things/{id} | | 200 | Thing | nothing |',
): string {
  return [
    '## Response shapes',
    '### Thing',
    'Interface section: 9.9',
    '',
    '| Field | Type | Form | Presence | Meaning |',
    '|---|---|---|---|---|',
    rows,
    '',
    '### Other',
    'Interface section: 9.8',
    '',
    '| Field | Type | Form | Presence | Meaning |',
    '|---|---|---|---|---|',
    '| id | integer | | required | |',
    '| url | string | | optional | |',
    '',
    '## Derived response shapes',
    '| Shape | Base | Interface section | Also optional | Also required |',
    '|---|---|---|---|---|',
    derived,
    '',
    '## List shapes',
    '| Shape | Items | Interface section |',
    '|---|---|---|',
    '',
    '## Request payloads',
    '',
    '## Operations',
    '| Operation | Interface section | Method | Path | Request | Status | Answer | Changes |',
    '|---|---|---|---|---|---|---|---|',
    operationRow,
    '',
    '## Other addresses',
    '| Path | Operations | Stated by |',
    '|---|---|---|',
    otherAddresses,
    '',
    '## Reserved data keys',
    '| Rule | Value |',
    '|---|---|',
    '| reserved key prefix | svc_ |',
  ].join('\n');
}

function propertySchema(markdown: string, shape: string, field: string, family = 'tolerant'): unknown {
  const file = buildSchemaFiles(parseInterfaceTables(markdown)).find(
    (candidate) => candidate.name === shape && candidate.family === family,
  );
  return (file?.schema.properties as Record<string, unknown> | undefined)?.[field];
}

describe('a table row becomes a property schema', () => {
  test.each([
    { row: '| n | integer | | required | A count. |', want: { type: 'integer', description: 'A count.' } },
    { row: '| s | string | | required | |', want: { type: 'string' } },
    { row: '| b | boolean | | required | |', want: { type: 'boolean' } },
    { row: '| v | any JSON value | | required | |', want: {} },
    { row: '| d | object of any JSON values | | required | |', want: { type: 'object', additionalProperties: true } },
    { row: '| t | array of strings | | required | |', want: { type: 'array', items: { type: 'string' } } },
    { row: '| o | Other | | required | |', want: { $ref: 'other.json' } },
    { row: '| e | string | e-mail | required | |', want: { type: 'string', format: 'email' } },
    {
      row: '| c | string | comment date | required | |',
      want: { type: 'string', pattern: expect.stringContaining('\\+0000$') as unknown },
    },
    {
      row: '| ts | string | timestamp | required | |',
      want: { type: 'string', format: 'date-time', pattern: expect.stringContaining('\\.[0-9]{3}Z$') as unknown },
    },
    {
      row: '| u | string | ends with `/api/things/{id}` | required | |',
      want: { type: 'string', pattern: '/api/things/[0-9]+$', 'x-ends-with': '/api/things/{id}' },
    },
  ])('$row', ({ row, want }) => {
    const field = /^\| (\w+)/.exec(row)?.[1] ?? '';
    expect(propertySchema(tables(row), 'Thing', field)).toEqual(want);
  });
});

describe('presence and families', () => {
  const markdown = tables('| id | integer | | required | |\n| note | string | | optional | |');
  const files = buildSchemaFiles(parseInterfaceTables(markdown));

  test('required rows are listed as required and optional rows are not', () => {
    const thing = files.find((file) => file.name === 'Thing' && file.family === 'tolerant');
    expect(thing?.schema.required).toEqual(['id']);
  });

  test('the tolerant family allows extra fields and the strict family forbids them', () => {
    const strict = files.find((file) => file.name === 'Thing' && file.family === 'strict');
    const tolerant = files.find((file) => file.name === 'Thing' && file.family === 'tolerant');
    expect(strict?.schema.additionalProperties).toBe(false);
    expect(tolerant?.schema).not.toHaveProperty('additionalProperties');
  });
});

describe('derived shapes', () => {
  const markdown = tables(
    '| id | integer | | required | |\n| note | string | | required | |\n| other | Other | | required | |',
    '| Lean | Thing | 9.7 | note | other.url |',
  );
  const files = buildSchemaFiles(parseInterfaceTables(markdown));
  const schemaOf = (name: string): Record<string, unknown> | undefined =>
    files.find((file) => file.name === name && file.family === 'tolerant')?.schema;

  test('an "also optional" field is no longer required', () => {
    expect(schemaOf('Lean')?.required).toEqual(['id', 'other']);
  });

  test('a dotted "also required" field derives a nested shape that requires it', () => {
    expect(schemaOf('LeanOther')?.required).toEqual(['id', 'url']);
    expect((schemaOf('Lean')?.properties as Record<string, unknown>).other).toEqual({ $ref: 'lean-other.json' });
  });
});

describe('tables outside the vocabulary are rejected with the place named', () => {
  test.each([
    { row: '| n | float | | required | |', error: 'shape Thing, field "n": unknown type "float"' },
    { row: '| n | string | yesterday | required | |', error: 'shape Thing, field "n": unknown form "yesterday"' },
    {
      row: '| n | string | | sometimes | |',
      error: 'shape Thing, field "n": presence must be "required" or "optional", not "sometimes"',
    },
    { row: '| n | Missing | | required | |', error: 'shape Thing, field "n": unknown shape Missing' },
  ])('$error', ({ row, error }) => {
    expect(() => buildSchemaFiles(parseInterfaceTables(tables(row)))).toThrow(error);
  });

  test('a derived shape naming a field its base lacks', () => {
    expect(() =>
      buildSchemaFiles(
        parseInterfaceTables(tables('| id | integer | | required | |', '| Lean | Thing | 9.7 | nope | |')),
      ),
    ).toThrow('Lean: Thing has no field "nope"');
  });

  test.each([
    {
      row: '| /t/{id}.json | readNothing | 9.9 |',
      error: 'other address "/t/{id}.json": unknown operation "readNothing"',
    },
    {
      row: '| /t/{id}.json | readThing | somewhere |',
      error: 'other address "/t/{id}.json": "Stated by" is a section number or conventions, not "somewhere"',
    },
  ])('$error', ({ row, error }) => {
    expect(() => parseInterfaceTables(tables('| id | integer | | required | |', '', row))).toThrow(error);
  });
});

describe('what an operation changes is read from its Changes cell', () => {
  const thing = '| id | integer | | required | |';
  test('a write names what it changes, and the catalogue carries it', () => {
    const row = '| touchThing | 9.9 | PUT | /things/{id} | | 200 | Thing | data |';
    expect(parseInterfaceTables(tables(thing, '', '', row)).operations[0]).toMatchObject({ changes: 'data' });
  });

  test.each([
    { row: '| readThing | 9.9 | GET | /t/{id} | | 200 | Thing | data |', error: 'a GET cannot change data' },
    {
      row: '| readThing | 9.9 | GET | /t/{id} | | 200 | Thing | everything |',
      error: 'Changes must be one of nothing, data, comments, not "everything"',
    },
  ])('refuses $row', ({ row, error }) => {
    expect(() => parseInterfaceTables(tables(thing, '', '', row))).toThrow(`operation "readThing": ${error}`);
  });
});

test('an other address names its operations and where it is stated', () => {
  const model = parseInterfaceTables(tables('| id | integer | | required | |', '', '| /t/{id} | readThing | 9.9 |'));
  expect(model.otherAddresses).toEqual([{ path: '/t/{id}', operations: ['readThing'], statedBy: '9.9' }]);
});

describe('one changed row of the interface tables', () => {
  const changed = realTables.replace(/\| comments_count +\| integer +\|/, '| comments_count | string |');
  let before: Map<string, string>;
  let after: Map<string, string>;

  // Generating twice loads openapi-typescript and formats every file: seconds on a busy machine.
  beforeAll(async () => {
    [before, after] = await Promise.all([generatedFiles(realTables), generatedFiles(changed)]);
  }, 60_000);

  const property = (files: Map<string, string>, path: string, pick: (document: never) => unknown): unknown =>
    pick(JSON.parse(files.get(path) ?? '{}') as never);

  test('changes the JSON Schema', () => {
    const pick = (document: { properties: { comments_count: { type: string } } }): string =>
      document.properties.comments_count.type;
    expect(property(before, 'schemas/generated/article.json', pick)).toBe('integer');
    expect(property(after, 'schemas/generated/article.json', pick)).toBe('string');
    expect(property(after, 'schemas/generated/strict/article-update-response.json', pick)).toBe('string');
  });

  test('declares every shape once: the named types are aliases of the per-operation declarations', () => {
    expect(after.get('schemas/generated/types/index.ts')).toContain(
      "export type Article = components['schemas']['Article'];",
    );
    expect(after.get('schemas/generated/types/index.ts')).not.toMatch(/comments_count|interface /);
  });

  test('changes the per-operation types, which the named types alias', () => {
    expect(before.get('schemas/generated/types/operations.ts')).toContain('comments_count: number;');
    expect(after.get('schemas/generated/types/operations.ts')).toContain('comments_count: string;');
    expect(after.get('schemas/generated/types/operations.ts')).not.toContain('comments_count: number;');
  });

  test('changes the OpenAPI document', () => {
    const pick = (document: {
      components: { schemas: { Article: { properties: { comments_count: { type: string } } } } };
    }): string => document.components.schemas.Article.properties.comments_count.type;
    expect(property(before, 'schemas/generated/openapi.json', pick)).toBe('integer');
    expect(property(after, 'schemas/generated/openapi.json', pick)).toBe('string');
  });

  test('changes the Zod schemas, each family', () => {
    expect(before.get('schemas/generated/zod/index.ts')).toContain('comments_count: integer,');
    expect(after.get('schemas/generated/zod/index.ts')).toContain('comments_count: z.string(),');
    expect(after.get('schemas/generated/zod/index.ts')).not.toContain('comments_count: integer');
  });

  test('changes nothing else', () => {
    const differing = [...after.keys()].filter((path) => after.get(path) !== before.get(path)).sort();
    expect(differing).toEqual([
      'schemas/generated/article-update-response.json',
      'schemas/generated/article.json',
      // The catalogue carries the schemas' fingerprint, so that validators built from the old ones go unused.
      'schemas/generated/catalogue.ts',
      'schemas/generated/data-key-response.json',
      'schemas/generated/openapi.json',
      'schemas/generated/strict/article-update-response.json',
      'schemas/generated/strict/article.json',
      'schemas/generated/strict/data-key-response.json',
      // generated/types/index.ts names the shapes only: a field's type is declared once, in operations.ts.
      'schemas/generated/types/operations.ts',
      'schemas/generated/zod/index.ts',
    ]);
  });
});
