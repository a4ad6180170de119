/**
 * One generated JSON Schema as Zod 4 code, keyword by keyword: the keywords build-schemas.ts and
 * forms.ts write, each where they write it. Any other keyword, or one in another place, stops
 * generation: left out, it would let values pass the Zod schema that the JSON Schema refuses.
 */
import type { JsonSchema } from './build-schemas';
import { endsWithKeyword } from './forms';

export interface ZodContext {
  /** Where the schema is, for errors: its file's `$id`, then a JSON Pointer inside it. */
  at: string;
  /** The const a `$ref` of this schema's file names. */
  refName: (ref: string) => string;
}

interface Read {
  code: string;
  /** The keywords the code says; the schema's others must be annotations. */
  keywords: string[];
}

/** Keywords that check nothing: the address suffix is checked by its `pattern`. */
const annotations = new Set(['$schema', '$id', 'title', 'description', endsWithKeyword]);

/**
 * The consts the code of zodOf uses, declared once at the top of the generated module. Each decides
 * as this project's Ajv does (schemas/validation/ajv.ts), not as Zod's own check of the same name.
 */
export const zodHelpers = `/** JSON Schema's \`integer\`: any whole number (Zod's \`z.int()\` also refuses those past 2^53). */
const integer = z.number().refine(Number.isInteger, { error: 'Invalid input: expected an integer' });
/** A field of any JSON value: anything but \`undefined\`, which is what JSON Schema's \`required\` refuses. */
const anyValue = z.unknown().refine((value) => value !== undefined, { error: 'Invalid input: expected a value' });
/**
 * The \`date-time\` format, by ajv-formats' full check (not Zod's ISO pattern, which refuses a leap
 * second); the project's Ajv runs a faster function that decides every string alike.
 */
const isDateTime = (fullFormats['date-time'] as { validate: (text: string) => boolean }).validate;
const dateTime = z.stringFormat('date-time', isDateTime);
/** The \`email\` format, by ajv-formats' pattern, which Ajv's format runs. */
const email = z.email({ pattern: fullFormats.email as RegExp });`;

const formatChecks: Record<string, string | undefined> = { 'date-time': 'dateTime', email: 'email' };

export const docComment = (text: unknown): string =>
  typeof text === 'string' && text !== '' ? `/** ${text.replace(/\*\//g, '* /')} */\n` : '';

/** A `pattern` as a literal; Ajv compiles patterns with the `u` flag, so the literal has it too. */
const regexLiteral = (pattern: string): string => `/${new RegExp(pattern, 'u').source}/u`;

function stringOf(schema: JsonSchema, at: string): Read {
  const format = typeof schema.format === 'string' ? formatChecks[schema.format] : 'z.string()';
  if (format === undefined) throw new Error(`${at}: no Zod for the format ${JSON.stringify(schema.format)}`);
  const pattern = typeof schema.pattern === 'string' ? `.regex(${regexLiteral(schema.pattern)})` : '';
  return { code: `${format}${pattern}`, keywords: ['type', 'format', 'pattern'] };
}

function objectOf(schema: JsonSchema, context: ZodContext): Read {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const extra = schema.additionalProperties;
  if (extra !== undefined && typeof extra !== 'boolean')
    throw new Error(`${context.at}: additionalProperties not a boolean`);
  if (properties === undefined) {
    if (extra === false) throw new Error(`${context.at}: an object that allows no field at all`);
    return { code: 'z.record(z.string(), z.unknown())', keywords: ['type', 'additionalProperties'] };
  }
  const required = (schema.required as string[] | undefined) ?? [];
  const unlisted = required.filter((name) => !(name in properties));
  if (unlisted.length > 0) throw new Error(`${context.at}: required but not a property: ${unlisted.join(', ')}`);
  const fields = Object.entries(properties).map(([name, property]) => {
    const code = zodOf(property, { ...context, at: `${context.at}/properties/${name}` });
    const optional = required.includes(name) ? '' : '.optional()';
    return `${docComment(property.description)}${JSON.stringify(name)}: ${code}${optional},`;
  });
  const kind = extra === false ? 'z.strictObject' : 'z.looseObject';
  return {
    code: `${kind}({\n${fields.join('\n')}\n})`,
    keywords: ['type', 'properties', 'required', 'additionalProperties'],
  };
}

function readSchema(schema: JsonSchema, context: ZodContext): Read {
  if (typeof schema.$ref === 'string') return { code: context.refName(schema.$ref), keywords: ['$ref'] };
  switch (schema.type) {
    case undefined:
      return { code: 'anyValue', keywords: [] };
    case 'string':
      return stringOf(schema, context.at);
    case 'integer':
      return { code: 'integer', keywords: ['type'] };
    case 'boolean':
      return { code: 'z.boolean()', keywords: ['type'] };
    case 'array': {
      if (typeof schema.items !== 'object' || schema.items === null)
        throw new Error(`${context.at}: an array without items`);
      const items = zodOf(schema.items as JsonSchema, { ...context, at: `${context.at}/items` });
      return { code: `z.array(${items})`, keywords: ['type', 'items'] };
    }
    case 'object':
      return objectOf(schema, context);
    default:
      throw new Error(`${context.at}: no Zod for the type ${JSON.stringify(schema.type)}`);
  }
}

/** The Zod code of one schema; throws on a keyword it would not say. */
export function zodOf(schema: JsonSchema, context: ZodContext): string {
  const { code, keywords } = readSchema(schema, context);
  const unsaid = Object.keys(schema).filter((keyword) => !annotations.has(keyword) && !keywords.includes(keyword));
  if (unsaid.length > 0) throw new Error(`${context.at}: no Zod for ${unsaid.join(', ')} here`);
  return code;
}
