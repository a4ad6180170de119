/**
 * Two modules through which code reaches the generated schemas and the facts of the tables:
 * `schemas/generated/catalogue.ts`, the facts (operations, shapes, the reserved key prefix, the schemas'
 * fingerprint) with no schema in it, which is all the running mock needs; and `schemas/generated/index.ts`,
 * the catalogue again with every JSON Schema. Only the index imports the JSON files (the schemas
 * exist once, on disk, and the build copies them along), so a start that needs no schema reads none.
 */
import { createHash } from 'node:crypto';
import type { SchemaFile } from './build-schemas';
import type { InterfaceModel } from './model';
import { buildStatements, shapeOrigins } from './build-statements';

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

/**
 * Names the schema documents (`schemaDocuments`, in its order) so that validators compiled from
 * other ones are never used: the build stamps its precompiled validators with the fingerprint of
 * the documents it compiled, and the validation module compares that with this one.
 */
export function fingerprintOf(documents: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(documents)).digest('hex');
}

export function buildCatalogue(
  model: InterfaceModel,
  files: SchemaFile[],
  documents: unknown[],
  banner: string,
): string {
  const list = (names: string[]): string => names.map((name) => `'${name}'`).join(', ');
  return [
    banner,
    '',
    `export const responseShapes = [${list(uniqueNames(files, 'response'))}] as const;`,
    `export const requestShapes = [${list(uniqueNames(files, 'request'))}] as const;`,
    'export type ResponseShape = (typeof responseShapes)[number];',
    'export type RequestShape = (typeof requestShapes)[number];',
    '',
    "/** The `$id` of each shape's schema in each family it has. */",
    `export const schemaIds = ${schemaIds(files)} as const;`,
    '',
    '/** The fingerprint of `schemaDocuments` (index.ts): precompiled validators carry the one they were built from. */',
    `export const schemaFingerprint = ${JSON.stringify(fingerprintOf(documents))};`,
    '',
    '/** The operations of interface section 4, as the tables state them. */',
    `export const operations = ${JSON.stringify(model.operations, null, 2)} as const;`,
    "export type OperationId = (typeof operations)[number]['id'];",
    '',
    '/** Further addresses of some operations (the comment list and post), and where each is stated. */',
    `export const otherAddresses = ${JSON.stringify(model.otherAddresses, null, 2)} as const;`,
    '',
    '/**',
    ' * Every statement of the tables the contract suite can judge: each response field, each presence a',
    " * derived shape adds, each operation's addresses, payload, success answer, effect and restriction,",
    ' * and the reserved-key rule. The suite accounts for each in its reports.',
    ' */',
    `export const statements = ${JSON.stringify(buildStatements(model), null, 2)} as const;`,
    "export type StatementId = (typeof statements)[number]['id'];",
    '',
    '/** The shape of the tables each schema restates (a derived shape names its base), by schema title. */',
    `export const shapeOrigins: Record<string, string> = ${JSON.stringify(shapeOrigins(model), null, 2)};`,
    '',
    '/** Data keys starting with this prefix are reserved and read-only (interface 2.1, 4.2). */',
    `export const reservedKeyPrefix = ${JSON.stringify(model.reservedKeyPrefix)};`,
    'export const isReservedKey = (key: string): boolean => key.startsWith(reservedKeyPrefix);',
    '',
  ].join('\n');
}

export function buildIndex(files: SchemaFile[], banner: string): string {
  const imports = files.map((file) => `import ${identifier(file)} from './${file.id}';`);
  const documents = files.map((file) => `  ${identifier(file)},`);
  return [
    banner,
    '',
    ...imports,
    '',
    "export * from './catalogue';",
    '',
    '/** Every generated JSON Schema; each carries its own `$id` (its path below `schemas/`). */',
    'export const schemaDocuments = [',
    ...documents,
    '] as const;',
    '',
  ].join('\n');
}
