/**
 * JSON Schemas (draft 2020-12) for every shape of the interface tables. Response shapes come in
 * two families: tolerant (`schemas/<name>.json`, extra fields allowed, used to judge any server)
 * and strict (`schemas/generated/strict/<name>.json`, only the listed fields, for the mock's self-check).
 * Request payloads have one family and accept extra fields.
 */
import { formKeywords } from './forms';
import type { Field, FieldType, InterfaceModel, ListShape, Shape } from './model';
import { resolveShapes } from './resolve-shapes';

export type JsonSchema = Record<string, unknown>;
export type Family = 'tolerant' | 'strict';

export interface SchemaFile {
  /** Shape name, for example `Article`. */
  name: string;
  family: Family;
  role: Shape['role'];
  /** Path relative to `schemas/`, which is also the schema's `$id`. */
  id: string;
  schema: JsonSchema;
}

const dialect = 'https://json-schema.org/draft/2020-12/schema';

export const schemaFileName = (shapeName: string): string =>
  `${shapeName.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.json`;

const schemaId = (shapeName: string, family: Family): string =>
  family === 'strict' ? `strict/${schemaFileName(shapeName)}` : schemaFileName(shapeName);

function typeSchema(type: FieldType): JsonSchema {
  switch (type.kind) {
    case 'integer':
    case 'string':
    case 'boolean':
      return { type: type.kind };
    case 'any':
      return {};
    case 'json-object':
      // Said outright (it is the default) so type generators give `{ [key: string]: unknown }`, not `{}`.
      return { type: 'object', additionalProperties: true };
    case 'string-array':
      return { type: 'array', items: { type: 'string' } };
    case 'shape':
      // Relative to the referring schema's $id, so strict shapes reach strict shapes.
      return { $ref: schemaFileName(type.name) };
  }
}

function fieldSchema(field: Field): JsonSchema {
  return {
    ...typeSchema(field.type),
    ...(field.form ? formKeywords(field.form) : {}),
    ...(field.description ? { description: field.description } : {}),
  };
}

function shapeSchema(shape: Shape, family: Family): JsonSchema {
  return {
    $schema: dialect,
    $id: schemaId(shape.name, family),
    title: shape.name,
    description: `Interface section ${shape.section}.`,
    type: 'object',
    properties: Object.fromEntries(shape.fields.map((field) => [field.name, fieldSchema(field)])),
    required: shape.fields.filter((field) => field.required).map((field) => field.name),
    ...(family === 'strict' ? { additionalProperties: false } : {}),
  };
}

function listSchema(list: ListShape, family: Family): JsonSchema {
  return {
    $schema: dialect,
    $id: schemaId(list.name, family),
    title: list.name,
    description: `Interface section ${list.section}.`,
    type: 'array',
    items: { $ref: schemaFileName(list.items) },
  };
}

function familiesOf(role: Shape['role']): Family[] {
  return role === 'response' ? ['tolerant', 'strict'] : ['tolerant'];
}

export function buildSchemaFiles(model: InterfaceModel): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const shape of resolveShapes(model)) {
    for (const family of familiesOf(shape.role)) {
      files.push({
        name: shape.name,
        family,
        role: shape.role,
        id: schemaId(shape.name, family),
        schema: shapeSchema(shape, family),
      });
    }
  }
  for (const list of model.lists) {
    for (const family of familiesOf('response')) {
      files.push({
        name: list.name,
        family,
        role: 'response',
        id: schemaId(list.name, family),
        schema: listSchema(list, family),
      });
    }
  }
  return files;
}
