/**
 * Which statements of the interface tables a judgement judged, and whether each held: the account
 * behind a report's list of stated rules (the catalogue's `statements`). Each function takes what a
 * judgement of this module was given and the violations it found, and says which statements that
 * judgement covered: a statement counts only where a value, answer or write really put it to the
 * test, so one no judgement reaches stays "not exercised".
 */
import {
  isReservedKey,
  operations,
  reservedKeyPrefix,
  shapeOrigins,
  statements,
  type OperationId,
  type StatementId,
  schemaIds,
  type ResponseShape,
} from '../generated/catalogue';
import { schemaDocuments } from '../generated/index';
import type { Answer } from './answer';
import { isSuccessStatus } from './status';
import type { Write, WriteRecord } from './write';
import type { Rule, Violation } from './violation';

export type Judgement =
  | { statement: StatementId; outcome: 'held' | 'broken' }
  | { statement: StatementId; outcome: 'not exercised'; why: string };

/** A finding of any judgement, by the JSON Pointer it names (a conformance or a validation violation). */
type Found = Pick<Violation, 'path'>;

interface SchemaNode {
  $ref?: string;
  title?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
}

const known = new Set<string>(statements.map((statement) => statement.id));
const byId = new Map<string, SchemaNode>(schemaDocuments.map((document) => [document.$id, document as SchemaNode]));
const resolve = (node: SchemaNode): SchemaNode => (node.$ref === undefined ? node : resolve(byId.get(node.$ref) ?? {}));
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A judgement of `id` when the tables state it (a statement removed from them is no longer accounted). */
function judged(id: string, held: boolean): Judgement[] {
  return known.has(id) ? [{ statement: id as StatementId, outcome: held ? 'held' : 'broken' }] : [];
}

function missed(id: string, why: string): Judgement[] {
  return known.has(id) ? [{ statement: id as StatementId, outcome: 'not exercised', why }] : [];
}

/** Whether a violation points at `pointer` itself, or, for a field that is no shape of its own, inside it. */
const hits = (violations: Found[], pointer: string, nested: boolean): boolean =>
  violations.some(({ path }) => path === pointer || (!nested && path.startsWith(`${pointer}/`)));

interface Walk {
  violations: Found[];
  /** The title of the schema the walk began at, and the dotted field names from there (for a derived shape's presences). */
  root: string;
  dotted: string;
}

function walkFields(node: SchemaNode, value: unknown, pointer: string, walk: Walk): Judgement[] {
  const schema = resolve(node);
  if (schema.items) {
    const items = schema.items;
    if (!Array.isArray(value)) return [];
    if (value.length === 0) return fieldsOf(resolve(items)).flatMap((id) => missed(id, 'every list read was empty'));
    return value.flatMap((item, index) => walkFields(items, item, `${pointer}/${String(index)}`, walk));
  }
  if (!schema.properties || !isRecord(value)) return [];
  const origin = shapeOrigins[schema.title ?? ''] ?? schema.title ?? '';
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    const at = `${pointer}/${name}`;
    const dotted = walk.dotted === '' ? name : `${walk.dotted}.${name}`;
    const present = name in value;
    const required = schema.required?.includes(name) ?? false;
    const nested = resolve(property).properties !== undefined;
    const own =
      present || required
        ? judged(`${origin}.${name}`, !hits(walk.violations, at, nested))
        : missed(`${origin}.${name}`, 'it is optional, and no answer judged had it');
    const presence = judged(`${walk.root} requires ${dotted}`, present);
    const inner = present ? walkFields(property, value[name], at, { ...walk, dotted }) : [];
    return [...own, ...presence, ...inner];
  });
}

const fieldsOf = (schema: SchemaNode): string[] =>
  Object.keys(schema.properties ?? {}).map((name) => `${shapeOrigins[schema.title ?? ''] ?? ''}.${name}`);

/** The field statements judged by checking `value` as `shape`, given the violations found in it (paths from its root). */
export function statementsOfFields(shape: ResponseShape, value: unknown, violations: Found[]): Judgement[] {
  const root: SchemaNode = { $ref: schemaIds[shape].tolerant };
  return walkFields(root, value, '', { violations, root: resolve(root).title ?? shape, dotted: '' });
}

const answerShape = new Map<string, ResponseShape>(
  operations.flatMap((operation) => ('answer' in operation ? [[operation.id, operation.answer]] : [])),
);

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What judging a success answer on its own judged (judgeExchange, with the stated status and the
 * address forms where the caller asked those): the operation's stated answer, held when nothing was
 * found, and each field of its shape.
 */
export function statementsOfAnswer(operation: OperationId, answer: Answer, violations: Found[]): Judgement[] {
  if (!isSuccessStatus(answer.status)) return [];
  const shape = answerShape.get(operation);
  const body = shape === undefined || answer.body === '' ? undefined : parsed(answer.body);
  return [
    ...judged(`${operation} answer`, violations.length === 0),
    ...(shape === undefined || body === undefined ? [] : statementsOfFields(shape, body, violations)),
  ];
}

/** The data key a JSON Pointer into `data` names (its first segment; a finding may point deeper). */
const keyOfPointer = (path: string): string | undefined =>
  path.startsWith('/data/')
    ? (path.slice('/data/'.length).split('/')[0] ?? '').replace(/~1/g, '/').replace(/~0/g, '~')
    : undefined;

const sentData = (write: Write): Record<string, unknown> => {
  if (write.operation !== 'updateArticle' || !isRecord(write.payload) || !isRecord(write.payload.article)) return {};
  const { data } = write.payload.article;
  return isRecord(data) ? data : {};
};

/** Whether a write puts the reserved keys to the test: it names one, or a full update that may replace `data`. */
function concernsReserved(record: WriteRecord): boolean {
  const { write, before } = record;
  if (write.operation === 'setDataKey' || write.operation === 'deleteDataKey') return isReservedKey(write.key);
  if (write.operation !== 'updateArticle') return false;
  const held = isRecord(before.data) ? Object.keys(before.data) : [];
  return [...Object.keys(sentData(write)), ...held].some(isReservedKey);
}

const ofRules = (violations: Violation[], ...rules: Rule[]): Violation[] =>
  violations.filter((found) => rules.includes(found.rule));

/** A list's violations from judgeWrite (paths led by the list's address), with paths from the list's root. */
const ofList = (violations: Violation[], address: string): Violation[] =>
  violations.flatMap((found) =>
    found.path.startsWith(`${address}/`) ? [{ ...found, path: found.path.slice(address.length) }] : [],
  );

/**
 * What judging one write judged (judgeWrite, given its violations): the article after it field by
 * field; when it took effect, its operation's effect and restriction; the reserved-key rule when
 * it names a reserved key or may replace `data`; and after a post, the comments of every list.
 */
export function statementsOfWrite(record: WriteRecord, violations: Violation[]): Judgement[] {
  const { write } = record;
  // As judgeWrite reads it: a refused write took no effect, unless the caller knows better (a post).
  const tookEffect = record.tookEffect ?? isSuccessStatus(record.answer.status);
  const onData = ofRules(violations, 'data-as-predicted');
  const onReserved = onData.filter(({ path }) => isReservedKey(keyOfPointer(path) ?? ''));
  const effectBroken =
    write.operation === 'postComment'
      ? ofRules(violations, 'comment-listed-once', 'comments-count-grows-by-one').length > 0
      : onData.length > onReserved.length;
  const restrictionBroken =
    ofRules(violations, 'attributes-unchanged').length > 0 || (write.operation === 'postComment' && onData.length > 0);
  // A key write of a reserved key states no effect but the rule's: nothing changes.
  const namesReservedKey = 'key' in write && isReservedKey(write.key);
  return [
    ...statementsOfFields('Article', record.after, ofRules(violations, 'article-shape', 'real-dates')),
    ...(tookEffect && !namesReservedKey ? judged(`${write.operation} effect`, !effectBroken) : []),
    ...(tookEffect ? judged(`${write.operation} restriction`, !restrictionBroken) : []),
    ...(concernsReserved(record) || onReserved.length > 0
      ? judged(`reserved key prefix ${reservedKeyPrefix}`, onReserved.length === 0)
      : []),
    ...(record.listsAfter ?? []).flatMap((list) =>
      statementsOfFields(
        'CommentList',
        list.items,
        ofList(ofRules(violations, 'answer-shape', 'real-dates'), list.address),
      ),
    ),
  ];
}

/**
 * Writes sent at once, judged as a whole: each operation among them held to its effect when some
 * order of them explains what came back (or every post is listed and counted), and to its
 * restriction when the article after them changed no attribute but theirs (`unchanged`, when judged).
 */
export function statementsOfBurst(writes: Write['operation'][], explained: boolean, unchanged?: boolean): Judgement[] {
  return [...new Set(writes)].flatMap((operation) => [
    ...judged(`${operation} effect`, explained),
    ...(unchanged === undefined ? [] : judged(`${operation} restriction`, unchanged)),
  ]);
}

/** A request the target answered: its address (method and path) and payload held on a success, broken where one was owed. */
export function statementsOfRequest(
  operation: OperationId,
  path: string,
  { success, owed }: { success: boolean; owed: boolean },
): Judgement[] {
  if (!success && !owed) return [];
  const method = operations.find((one) => one.id === operation)?.method ?? '';
  return [...judged(`${operation} ${method} ${path}`, success), ...judged(`${operation} payload`, success)];
}

/** Reads judged by the article read before and after them (judgeReads): each operation's restriction. */
export const statementsOfReads = (reads: OperationId[], violations: Violation[]): Judgement[] =>
  reads.flatMap((operation) => judged(`${operation} restriction`, violations.length === 0));
