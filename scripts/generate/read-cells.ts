/**
 * Reads the cells of the interface tables (Type, Form, Presence, lists of names) into the model's
 * vocabulary. Anything outside that vocabulary is an error naming the cell, never a guess.
 */
import type { FieldForm, FieldType } from './model';

export class TableError extends Error {
  override name = 'TableError';
}

const primitiveTypes: Record<string, FieldType> = {
  integer: { kind: 'integer' },
  string: { kind: 'string' },
  boolean: { kind: 'boolean' },
  'any JSON value': { kind: 'any' },
  'object of any JSON values': { kind: 'json-object' },
  'array of strings': { kind: 'string-array' },
};

const shapeNamePattern = /^[A-Z][A-Za-z0-9]*$/;

export function readType(cell: string, where: string): FieldType {
  const primitive = primitiveTypes[cell];
  if (primitive) return primitive;
  if (shapeNamePattern.test(cell)) return { kind: 'shape', name: cell };
  throw new TableError(`${where}: unknown type "${cell}"`);
}

export function readForm(cell: string, where: string): FieldForm | undefined {
  if (cell === '') return undefined;
  if (cell === 'timestamp') return { kind: 'timestamp' };
  if (cell === 'comment date') return { kind: 'comment-date' };
  if (cell === 'e-mail') return { kind: 'email' };
  const endsWith = /^ends with (\/\S+)$/.exec(cell);
  if (endsWith?.[1]) return { kind: 'ends-with', suffix: endsWith[1] };
  throw new TableError(`${where}: unknown form "${cell}"`);
}

export function readPresence(cell: string, where: string): boolean {
  if (cell === 'required') return true;
  if (cell === 'optional') return false;
  throw new TableError(`${where}: presence must be "required" or "optional", not "${cell}"`);
}

export function readNameList(cell: string): string[] {
  return cell
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Reads one row as a record keyed by the table's header, failing on a missing column. */
export function rowReader(header: string[], row: string[], where: string): (column: string) => string {
  return (column) => {
    const index = header.indexOf(column);
    if (index < 0) throw new TableError(`${where}: the table has no "${column}" column`);
    return row[index] ?? '';
  };
}
