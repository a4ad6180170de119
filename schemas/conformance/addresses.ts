/**
 * Address forms of interface section 2.1 (`url`, `contents_url`, `comments_url`, `page.url`,
 * `language.url`, `author.url`). The generated schemas carry each stated form as an `x-ends-with`
 * annotation, where `{id}` stands for the `id` of the same object; the schemas' own pattern only
 * sees digits, this walk checks that they are the right ones.
 */
import { schemaDocuments, schemaIds, type ResponseShape } from '../generated/index';
import { violation, type Violation } from './violation';

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  'x-ends-with'?: string;
}

const byId = new Map<string, SchemaNode>(schemaDocuments.map((document) => [document.$id, document as SchemaNode]));

function resolve(node: SchemaNode): SchemaNode {
  return node.$ref === undefined ? node : resolve(byId.get(node.$ref) ?? {});
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function walk(node: SchemaNode, value: unknown, pointer: string, found: Violation[]): void {
  const schema = resolve(node);
  if (Array.isArray(value) && schema.items)
    value.forEach((item, index) => {
      walk(schema.items ?? {}, item, `${pointer}/${index}`, found);
    });
  if (!isRecord(value) || !schema.properties) return;
  for (const [name, property] of Object.entries(schema.properties)) {
    const field = value[name];
    const form = property['x-ends-with'];
    // An absent field is the shape check's business (optional ones may be absent).
    if (form !== undefined && field !== undefined) {
      const suffix = form.replace('{id}', String(value.id));
      if (typeof field !== 'string' || !field.endsWith(suffix))
        found.push(violation('stated-addresses', `${pointer}/${name}`, `ends with ${suffix}`, JSON.stringify(field)));
    }
    walk(property, field, `${pointer}/${name}`, found);
  }
}

/** Every address in `value` that does not end with its stated form for the right id. */
export function judgeAddresses(shape: ResponseShape, value: unknown): Violation[] {
  const found: Violation[] = [];
  walk({ $ref: schemaIds[shape].tolerant }, value, '', found);
  return found;
}
