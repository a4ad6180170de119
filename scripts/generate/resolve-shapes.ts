/**
 * Turns derived shapes ("Article, but these fields optional") into ordinary shapes with their own
 * field lists, so emitters only ever see concrete shapes. A dotted path (`language.url`) derives
 * a nested shape named after the parent and the field (`DataKeyResponseLanguage`).
 */
import type { DerivedShape, Field, InterfaceModel, Shape } from './model';
import { TableError } from './read-cells';

const pascal = (name: string): string =>
  name.replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());

interface Change {
  path: string[];
  required: boolean;
}

function applyChanges(
  base: Shape,
  name: string,
  section: string,
  changes: Change[],
  byName: Map<string, Shape>,
  out: Shape[],
): Shape {
  const fields: Field[] = base.fields.map((field) => {
    const own = changes.filter((change) => change.path[0] === field.name);
    if (own.length === 0) return field;
    const direct = own.find((change) => change.path.length === 1);
    if (direct) return { ...field, required: direct.required };
    if (field.type.kind !== 'shape') throw new TableError(`${name}: "${field.name}" is not a nested shape`);
    const nestedBase = byName.get(field.type.name);
    if (!nestedBase) throw new TableError(`${name}: unknown shape ${field.type.name}`);
    const nested = applyChanges(
      nestedBase,
      `${name}${pascal(field.name)}`,
      section,
      own.map((change) => ({ ...change, path: change.path.slice(1) })),
      byName,
      out,
    );
    return { ...field, type: { kind: 'shape', name: nested.name } };
  });
  for (const change of changes) {
    if (!base.fields.some((field) => field.name === change.path[0])) {
      throw new TableError(`${name}: ${base.name} has no field "${change.path.join('.')}"`);
    }
  }
  const shape: Shape = { name, role: base.role, section, fields, origin: base.origin ?? base.name };
  out.push(shape);
  byName.set(name, shape);
  return shape;
}

function deriveShape(derived: DerivedShape, byName: Map<string, Shape>, out: Shape[]): void {
  const base = byName.get(derived.base);
  if (!base) throw new TableError(`derived shape ${derived.name}: unknown base ${derived.base}`);
  const changes: Change[] = [
    ...derived.alsoOptional.map((path) => ({ path: path.split('.'), required: false })),
    ...derived.alsoRequired.map((path) => ({ path: path.split('.'), required: true })),
  ];
  applyChanges(base, derived.name, derived.section, changes, byName, out);
}

/** Every shape of the model, derived ones included, in table order. */
export function resolveShapes(model: InterfaceModel): Shape[] {
  const byName = new Map(model.shapes.map((shape) => [shape.name, shape]));
  const out = [...model.shapes];
  for (const derived of model.derived) deriveShape(derived, byName, out);
  for (const shape of out) {
    for (const field of shape.fields) {
      if (field.type.kind === 'shape' && !byName.has(field.type.name)) {
        throw new TableError(`shape ${shape.name}, field "${field.name}": unknown shape ${field.type.name}`);
      }
    }
  }
  return out;
}
