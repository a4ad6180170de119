/**
 * `schemas/index.ts`: the one module through which code reaches the generated schemas and the
 * facts of the tables (operations, the reserved key prefix). It imports the JSON files, so the
 * schemas exist once, on disk, and the build copies them along.
 */
import type { SchemaFile } from './build-schemas';
import type { InterfaceModel } from './model';

const identifier = (file: SchemaFile): string => `${file.family}${file.name}`;

/** `{ Article: { tolerant: 'article.json', strict: 'strict/article.json' }, ... }` */
function schemaIds(files: SchemaFile[]): string {
  const ids: Record<string, Record<string, string>> = {};
  for (const file of files) ids[file.name] = { ...ids[file.name], [file.family]: file.id };
  return JSON.stringify(ids, null, 2);
}

function uniqueNames(files: SchemaFile[], role: SchemaFile['role']): string[] {
  return [...new Set(files.filter((file) => file.role === role).map((file) => file.name))];
}

export function buildCatalog(model: InterfaceModel, files: SchemaFile[], banner: string): string {
  const imports = files.map((file) => `import ${identifier(file)} from './${file.id}';`);
  const documents = files.map((file) => `  ${identifier(file)},`);
  const list = (names: string[]): string => names.map((name) => `'${name}'`).join(', ');
  return [
    banner,
    '',
    ...imports,
    '',
    '/** Every generated JSON Schema; each carries its own `$id` (its path below `schemas/`). */',
    'export const schemaDocuments = [',
    ...documents,
    '] as const;',
    '',
    `export const responseShapes = [${list(uniqueNames(files, 'response'))}] as const;`,
    `export const requestShapes = [${list(uniqueNames(files, 'request'))}] as const;`,
    'export type ResponseShape = (typeof responseShapes)[number];',
    'export type RequestShape = (typeof requestShapes)[number];',
    '',
    "/** The `$id` of each shape's schema in each family it has. */",
    `export const schemaIds = ${schemaIds(files)} as const;`,
    '',
    '/** The operations of interface section 4, as the tables state them. */',
    `export const operations = ${JSON.stringify(model.operations, null, 2)} as const;`,
    "export type OperationId = (typeof operations)[number]['id'];",
    '',
    '/** Further addresses of some operations (the comment list and post), and where each is stated. */',
    `export const otherAddresses = ${JSON.stringify(model.otherAddresses, null, 2)} as const;`,
    '',
    '/** Data keys starting with this prefix are reserved and read-only (interface 2.1, 4.2). */',
    `export const reservedKeyPrefix = ${JSON.stringify(model.reservedKeyPrefix)};`,
    'export const isReservedKey = (key: string): boolean => key.startsWith(reservedKeyPrefix);',
    '',
  ].join('\n');
}
