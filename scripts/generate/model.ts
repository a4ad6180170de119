/**
 * The parsed form of `spec/interface-tables.md`: plain data that every emitter (schemas, types,
 * OpenAPI, catalogue) works from, so no emitter ever reads Markdown.
 */

/** What a table's Type column can say. */
export type FieldType =
  | { kind: 'integer' }
  | { kind: 'string' }
  | { kind: 'boolean' }
  | { kind: 'any' }
  | { kind: 'json-object' }
  | { kind: 'string-array' }
  | { kind: 'shape'; name: string };

/** What a table's Form column can say about a string. */
export type FieldForm =
  | { kind: 'timestamp' }
  | { kind: 'comment-date' }
  | { kind: 'email' }
  /** The string ends with `suffix`, where `{id}` is the `id` of the same object. */
  | { kind: 'ends-with'; suffix: string };

export interface Field {
  name: string;
  type: FieldType;
  form?: FieldForm;
  required: boolean;
  description: string;
}

export type ShapeRole = 'response' | 'request';

export interface Shape {
  name: string;
  role: ShapeRole;
  section: string;
  fields: Field[];
  /** For a derived shape: the shape of the tables it restates (`LanguageSummary` for `DataKeyResponseLanguage`). */
  origin?: string;
}

export interface DerivedShape {
  name: string;
  base: string;
  section: string;
  /** Field paths, dotted for nested shapes (`language.url`). */
  alsoOptional: string[];
  alsoRequired: string[];
}

export interface ListShape {
  name: string;
  items: string;
  section: string;
}

export interface Operation {
  id: string;
  section: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  request?: string;
  /** Undefined where the interface does not state the status. */
  status?: number;
  answer?: string;
  /** What a success changes: `nothing` for a read; which operations write, and what to read back after one. */
  changes: Change;
}

export const changes = ['nothing', 'data', 'comments'] as const;
export type Change = (typeof changes)[number];

/** A further address of some operations (the comment list's aliases), and where it comes from. */
export interface OtherAddress {
  path: string;
  operations: string[];
  /** An interface section (`4.5`, `2.1`) or `conventions` (the API family's clients). */
  statedBy: string;
}

export interface InterfaceModel {
  shapes: Shape[];
  derived: DerivedShape[];
  lists: ListShape[];
  operations: Operation[];
  otherAddresses: OtherAddress[];
  reservedKeyPrefix: string;
}
