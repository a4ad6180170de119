/**
 * Reads `spec/interface-tables.md` into the InterfaceModel. The Markdown layout is described at
 * the top of that file; this module is its only reader.
 */
import { parseBlocks, type Block } from './markdown-blocks';
import { changes } from './model';
import type {
  DerivedShape,
  Field,
  InterfaceModel,
  ListShape,
  Operation,
  OtherAddress,
  Shape,
  ShapeRole,
} from './model';
import { readForm, readNameList, readPresence, readType, rowReader, TableError } from './read-cells';

type TableBlock = Extract<Block, { kind: 'table' }>;

interface Section {
  title: string;
  /** `###` sub-headings with the paragraphs and first table beneath each. */
  parts: { title: string; paragraphs: string[]; table?: TableBlock }[];
  table?: TableBlock;
}

function groupSections(blocks: Block[]): Section[] {
  const sections: Section[] = [];
  for (const block of blocks) {
    const section = sections.at(-1);
    const part = section?.parts.at(-1);
    if (block.kind === 'heading' && block.level === 2) sections.push({ title: block.text, parts: [] });
    else if (block.kind === 'heading' && block.level === 3) section?.parts.push({ title: block.text, paragraphs: [] });
    else if (block.kind === 'paragraph') part?.paragraphs.push(block.text);
    else if (block.kind === 'table' && part) part.table ??= block;
    else if (block.kind === 'table' && section) section.table ??= block;
  }
  return sections;
}

function findSection(sections: Section[], title: string): Section {
  const section = sections.find((candidate) => candidate.title === title);
  if (!section) throw new TableError(`missing "## ${title}" section`);
  return section;
}

function sectionTable(section: Section): TableBlock {
  if (!section.table) throw new TableError(`"## ${section.title}" has no table`);
  return section.table;
}

function interfaceSection(paragraphs: string[], where: string): string {
  for (const text of paragraphs) {
    const match = /^Interface section: (.+)$/.exec(text);
    if (match?.[1]) return match[1].trim();
  }
  throw new TableError(`${where}: no "Interface section:" line`);
}

function readField(table: TableBlock, row: string[], shape: string): Field {
  const where = `shape ${shape}, field "${row[0] ?? ''}"`;
  const cell = rowReader(table.header, row, where);
  const form = readForm(cell('Form'), where);
  return {
    name: cell('Field'),
    type: readType(cell('Type'), where),
    ...(form ? { form } : {}),
    required: readPresence(cell('Presence'), where),
    description: cell('Meaning'),
  };
}

function readShapes(section: Section, role: ShapeRole): Shape[] {
  return section.parts.map((part) => {
    if (!part.table) throw new TableError(`shape ${part.title} has no field table`);
    const table = part.table;
    return {
      name: part.title,
      role,
      section: interfaceSection(part.paragraphs, `shape ${part.title}`),
      fields: table.rows.map((row) => readField(table, row, part.title)),
    };
  });
}

function readDerived(table: TableBlock): DerivedShape[] {
  return table.rows.map((row) => {
    const cell = rowReader(table.header, row, `derived shape "${row[0] ?? ''}"`);
    return {
      name: cell('Shape'),
      base: cell('Base'),
      section: cell('Interface section'),
      alsoOptional: readNameList(cell('Also optional')),
      alsoRequired: readNameList(cell('Also required')),
    };
  });
}

function readLists(table: TableBlock): ListShape[] {
  return table.rows.map((row) => {
    const cell = rowReader(table.header, row, `list shape "${row[0] ?? ''}"`);
    return { name: cell('Shape'), items: cell('Items'), section: cell('Interface section') };
  });
}

const methods = ['GET', 'PUT', 'POST', 'DELETE'] as const;

function readOperation(table: TableBlock, row: string[]): Operation {
  const where = `operation "${row[0] ?? ''}"`;
  const cell = rowReader(table.header, row, where);
  const method = methods.find((candidate) => candidate === cell('Method'));
  if (!method) throw new TableError(`${where}: unknown method "${cell('Method')}"`);
  const optional = (value: string): string | undefined => (value === '' || value === 'not stated' ? undefined : value);
  const status = optional(cell('Status'));
  if (status !== undefined && !/^\d{3}$/.test(status)) throw new TableError(`${where}: bad status "${status}"`);
  const request = optional(cell('Request'));
  const answer = optional(cell('Answer'));
  const change = changes.find((candidate) => candidate === cell('Changes'));
  if (!change) throw new TableError(`${where}: Changes must be one of ${changes.join(', ')}, not "${cell('Changes')}"`);
  // GET is safe in HTTP: caches and crawlers may send it at will, so it can never be a write.
  if (method === 'GET' && change !== 'nothing') throw new TableError(`${where}: a GET cannot change ${change}`);
  return {
    id: cell('Operation'),
    section: cell('Interface section'),
    method,
    path: cell('Path'),
    ...(request ? { request } : {}),
    ...(status ? { status: Number(status) } : {}),
    ...(answer ? { answer } : {}),
    changes: change,
  };
}

function readOtherAddresses(table: TableBlock, operations: Operation[]): OtherAddress[] {
  return table.rows.map((row) => {
    const where = `other address "${row[0] ?? ''}"`;
    const cell = rowReader(table.header, row, where);
    const named = cell('Operations')
      .split(',')
      .map((name) => name.trim());
    const unknown = named.find((name) => !operations.some((operation) => operation.id === name));
    if (unknown !== undefined) throw new TableError(`${where}: unknown operation "${unknown}"`);
    const statedBy = cell('Stated by');
    if (!/^(\d+(\.\d+)*|conventions)$/.test(statedBy))
      throw new TableError(`${where}: "Stated by" is a section number or conventions, not "${statedBy}"`);
    return { path: cell('Path'), operations: named, statedBy };
  });
}

function readReservedPrefix(table: TableBlock): string {
  const row = table.rows.find((candidate) => candidate[0] === 'reserved key prefix');
  if (!row?.[1]) throw new TableError('no "reserved key prefix" rule');
  return row[1];
}

export function parseInterfaceTables(markdown: string): InterfaceModel {
  const sections = groupSections(parseBlocks(markdown));
  const operationsTable = sectionTable(findSection(sections, 'Operations'));
  const operations = operationsTable.rows.map((row) => readOperation(operationsTable, row));
  return {
    shapes: [
      ...readShapes(findSection(sections, 'Response shapes'), 'response'),
      ...readShapes(findSection(sections, 'Request payloads'), 'request'),
    ],
    derived: readDerived(sectionTable(findSection(sections, 'Derived response shapes'))),
    lists: readLists(sectionTable(findSection(sections, 'List shapes'))),
    operations,
    otherAddresses: readOtherAddresses(sectionTable(findSection(sections, 'Other addresses')), operations),
    reservedKeyPrefix: readReservedPrefix(sectionTable(findSection(sections, 'Reserved data keys'))),
  };
}
