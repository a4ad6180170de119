/**
 * Payload generators read off the generated request schemas (schemas/generated/*.json), so the fuzzer sends
 * what the tables allow and follows them when they change: objects with their listed properties
 * (required always, optional sometimes) plus odd extra keys, e-mail strings, any JSON value where
 * the schema names no type. `breakPayload` then damages a payload in the ways clients do.
 */
import fc from 'fast-check';
import { schemaDocuments, schemaIds, type RequestShape } from 'site-articles-schemas';
import { oddKeyArbitrary } from './keys';

interface SchemaNode {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
}

const byId = new Map<string, SchemaNode>(schemaDocuments.map((document) => [document.$id, document as SchemaNode]));

/** JSON values as clients send them: every type, unicode strings, shallow enough to stay within limits. */
export const jsonValueArbitrary = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });

function resolve(node: SchemaNode): SchemaNode {
  const target = node.$ref === undefined ? undefined : byId.get(node.$ref);
  if (node.$ref !== undefined && !target) throw new Error(`unknown $ref ${node.$ref}`);
  return target ?? node;
}

/** A few extra keys (payloads accept and ignore them), odd names included. */
const extraKeys = fc.dictionary(oddKeyArbitrary, jsonValueArbitrary, { maxKeys: 3, noNullPrototype: true });

function objectArbitrary(node: SchemaNode): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(node.properties ?? {});
  if (properties.length === 0)
    return fc.dictionary(oddKeyArbitrary, jsonValueArbitrary, { maxKeys: 6, noNullPrototype: true });
  const record = fc.record(Object.fromEntries(properties.map(([name, child]) => [name, nodeArbitrary(child)])), {
    requiredKeys: node.required ?? [],
  });
  return fc.tuple(extraKeys, record).map(([extra, listed]) => ({ ...extra, ...listed }));
}

function nodeArbitrary(raw: SchemaNode): fc.Arbitrary<unknown> {
  const node = resolve(raw);
  switch (node.type) {
    case 'object':
      return objectArbitrary(node);
    case 'string':
      return node.format === 'email' ? fc.emailAddress() : fc.string({ unit: 'binary', minLength: 1, maxLength: 40 });
    case 'integer':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case undefined:
      return jsonValueArbitrary;
    default:
      throw new Error(`the fuzzer cannot generate schema type ${node.type}`);
  }
}

/** Payloads of one request shape as its schema describes them. */
export function payloadArbitrary(shape: RequestShape): fc.Arbitrary<unknown> {
  return nodeArbitrary({ $ref: schemaIds[shape].tolerant });
}

const wrongValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.string(),
  fc.constant([]),
  fc.boolean(),
  fc.constant({}),
);

/** Damages a payload: a field missing or of the wrong type, or the whole payload not an object. */
export function breakPayload(payload: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(payload, fc.nat(), wrongValue, fc.nat(3)).map(([value, pick, wrong, how]) => {
    if (how === 0 || value === null || typeof value !== 'object') return wrong;
    const entries = Object.entries(value);
    const [key, inner] = entries[pick % Math.max(entries.length, 1)] ?? [];
    if (key === undefined) return [value];
    const others = entries.filter(([name]) => name !== key);
    if (how === 1) return Object.fromEntries(others);
    const damaged =
      how === 2 || inner === null || typeof inner !== 'object'
        ? wrong
        : breakOneField(inner as Record<string, unknown>, pick, wrong);
    return Object.fromEntries([...others, [key, damaged]]);
  });
}

function breakOneField(inner: Record<string, unknown>, pick: number, wrong: unknown): Record<string, unknown> {
  const keys = Object.keys(inner);
  const key = keys[pick % Math.max(keys.length, 1)];
  return key === undefined ? inner : { ...inner, [key]: wrong };
}
