/**
 * Every statement of the interface tables that a contract run can judge, as a list the suite
 * accounts for in its reports (which held, which broke, which no check reached): each response
 * field's type, form and presence; each presence a derived shape adds; each operation's method
 * and path (and each further address the interface states), payload, success answer, effect and
 * restriction; and the reserved-key rule. Generated, so a statement added to the tables is listed
 * (as not exercised) until a check judges it.
 */
import type { Field, FieldType, InterfaceModel, Operation } from './model';
import { resolveShapes } from './resolve-shapes';

export interface Statement {
  /** Stable and short, as reports name it: `Article.created_at`, `setDataKey effect`. */
  id: string;
  /** The interface section that states it. */
  section: string;
  /** The statement as a sentence. */
  text: string;
}

const article = (name: string): string => (/^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`);

function typeText(type: FieldType): string {
  switch (type.kind) {
    case 'integer':
      return 'an integer';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'a boolean';
    case 'any':
      return 'any JSON value';
    case 'json-object':
      return 'an object of any JSON values';
    case 'string-array':
      return 'an array of strings';
    case 'shape':
      return article(type.name);
  }
}

function formText(field: Field): string {
  switch (field.form?.kind) {
    case undefined:
      return '';
    case 'timestamp':
      return ' in timestamp form';
    case 'comment-date':
      return ' in comment date form';
    case 'email':
      return ', an e-mail address';
    case 'ends-with':
      return ` ending with ${field.form.suffix}`;
  }
}

/** `2.1 (field \`page\`)` -> `2.1`. */
const sectionOf = (text: string): string => text.split(' (')[0] ?? text;

function fieldStatements(model: InterfaceModel): Statement[] {
  return model.shapes
    .filter((shape) => shape.role === 'response')
    .flatMap((shape) =>
      shape.fields.map((field) => ({
        id: `${shape.name}.${field.name}`,
        section: sectionOf(shape.section),
        text: `${shape.name}.${field.name} is ${typeText(field.type)}${formText(field)}, ${field.required ? 'required' : 'optional'}`,
      })),
    );
}

/** Only what a derived shape requires can break; what it makes optional is a freedom. */
const presenceStatements = (model: InterfaceModel): Statement[] =>
  model.derived.flatMap((derived) =>
    derived.alsoRequired.map((path) => ({
      id: `${derived.name} requires ${path}`,
      section: derived.section,
      text: `${derived.name} always has ${path}`,
    })),
  );

function answerText(operation: Operation): string | undefined {
  const status = operation.status === undefined ? 'of some 2xx status' : String(operation.status);
  if (operation.answer !== undefined)
    return `a success of ${operation.id} answers ${status} with ${article(operation.answer)}`;
  if (operation.status !== undefined) return `a success of ${operation.id} answers ${status} with an empty body`;
  return undefined;
}

const effects = {
  data: (id: string) => `${id} changes the article's data as it states`,
  comments: (id: string) => `${id} adds the comment to the article's comment list, and so to its comments_count`,
};

const restrictions = {
  nothing: (id: string) => `${id} changes nothing`,
  data: (id: string) => `${id} changes nothing of the article but its data (and updated_at)`,
  comments: (id: string) => `${id} changes nothing of the article but its comments (and updated_at)`,
};

function operationStatements(model: InterfaceModel, operation: Operation): Statement[] {
  const { id, section, method } = operation;
  const stated = (kind: string, text: string): Statement => ({ id: `${id} ${kind}`, section, text });
  const others = model.otherAddresses.filter(
    (address) => address.statedBy !== 'conventions' && address.operations.includes(id),
  );
  const answer = answerText(operation);
  return [
    { id: `${id} ${method} ${operation.path}`, section, text: `${id} is ${method} ${operation.path}` },
    ...others.map((address) => ({
      id: `${id} ${method} ${address.path}`,
      section: address.statedBy,
      text: `${id} is also ${method} ${address.path}`,
    })),
    ...(operation.request === undefined ? [] : [stated('payload', `${id} sends ${article(operation.request)}`)]),
    ...(answer === undefined ? [] : [stated('answer', answer)]),
    ...(operation.changes === 'nothing' ? [] : [stated('effect', effects[operation.changes](id))]),
    stated('restriction', restrictions[operation.changes](id)),
  ];
}

export function buildStatements(model: InterfaceModel): Statement[] {
  return [
    ...fieldStatements(model),
    ...presenceStatements(model),
    ...model.operations.flatMap((operation) => operationStatements(model, operation)),
    {
      id: `reserved key prefix ${model.reservedKeyPrefix}`,
      section: '2.1',
      text: `data keys starting ${model.reservedKeyPrefix} are reserved: no write creates, changes or removes one`,
    },
  ];
}

/** Each shape's table shape: itself, or for a derived shape the one it restates. */
export const shapeOrigins = (model: InterfaceModel): Record<string, string> =>
  Object.fromEntries([
    ...resolveShapes(model).map((shape): [string, string] => [shape.name, shape.origin ?? shape.name]),
    ...model.lists.map((list): [string, string] => [list.name, list.name]),
  ]);
