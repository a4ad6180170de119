/**
 * `schemas/generated/zod/index.ts`: Zod 4 schemas of every shape the generated JSON Schemas have, for clients
 * that validate with Zod. Each is read from its JSON Schema keyword by keyword (zod-keywords.ts),
 * so it says what that schema says, tolerant (`Article`, extra fields kept) and strict
 * (`strict.Article`), named as the types are.
 *
 * Written here rather than with a converter: json-schema-to-zod turns a `$ref` to another file
 * into `z.any()` (anything passes) and writes Zod 3's API, `z.fromJSONSchema` refuses such a
 * `$ref`, and both check `date-time`, `email` and `integer` with Zod's own rules, which decide some
 * values otherwise than this project's Ajv does (a leap second, an e-mail form, an id past 2^53).
 */
import { posix } from 'node:path';
import type { SchemaFile } from './build-schemas';
import { docComment, zodHelpers, zodOf } from './zod-keywords';

/** The const a schema file becomes: the shape's name, prefixed `Strict` for the strict family. */
const constName = (file: SchemaFile): string => (file.family === 'strict' ? `Strict${file.name}` : file.name);

/** Files by `$id`, and the `$id` a `$ref` of one file points at (relative to the file's own `$id`). */
function referenceResolver(files: SchemaFile[]): (from: SchemaFile, ref: string) => SchemaFile {
  const byId = new Map(files.map((file) => [file.id, file]));
  return (from, ref) => {
    const target = byId.get(posix.join(posix.dirname(from.id), ref));
    if (!target) throw new Error(`${from.id}: $ref ${ref} names no generated schema`);
    return target;
  };
}

/** The `$ref`s anywhere inside a schema. */
function refsIn(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const own = '$ref' in schema && typeof schema.$ref === 'string' ? [schema.$ref] : [];
  return [...own, ...Object.values(schema).flatMap(refsIn)];
}

/** Every file after the files it refers to, so each const is declared before it is used; otherwise in their order. */
function inDeclarationOrder(files: SchemaFile[], resolve: (from: SchemaFile, ref: string) => SchemaFile): SchemaFile[] {
  const ordered: SchemaFile[] = [];
  const visit = (file: SchemaFile): void => {
    if (ordered.includes(file)) return;
    for (const ref of refsIn(file.schema)) visit(resolve(file, ref));
    ordered.push(file);
  };
  files.forEach(visit);
  return ordered;
}

const header = `/**
 * Zod 4 schemas of the interface's shapes, one for each generated JSON Schema and saying what it
 * says: \`Article\` is \`article.json\` (tolerant: fields the interface does not list are allowed and
 * kept), \`strict.Article\` is \`strict/article.json\` (only the listed fields). Formats are checked
 * as ajv-formats' full formats decide them, as \`site-articles-schemas/validation\` does, so both
 * decide every value alike.
 */
import { z } from 'zod';
import { fullFormats } from 'ajv-formats/dist/formats';`;

export function buildZodSchemas(files: SchemaFile[], banner: string): string {
  const resolve = referenceResolver(files);
  const declarations = inDeclarationOrder(files, resolve).map((file) => {
    const code = zodOf(file.schema, { at: file.id, refName: (ref) => constName(resolve(file, ref)) });
    const exported = file.family === 'tolerant' ? 'export ' : '';
    return `${docComment(file.schema.description)}${exported}const ${constName(file)} = ${code};`;
  });
  const strictNames = files
    .filter((file) => file.family === 'strict')
    .map((file) => `${file.name}: ${constName(file)}`);
  const strict = `/** The strict family, by shape name: only the listed fields, as \`strict/*.json\`. */
export const strict = { ${strictNames.join(', ')} };`;
  return [banner, header, zodHelpers, ...declarations, strict].join('\n\n');
}
