/**
 * Latency and faults, to exercise a UI's loading and error states: a fixed or random delay before
 * every API answer, and an error status for a share of requests, optionally of one operation;
 * each operation may also have its own latency and failure, which take the global ones' place.
 */
import type { OperationId } from 'site-articles-schemas/catalogue';
import { operations } from 'site-articles-schemas/catalogue';
import type { PlainRequest } from './plain';
import { ApiError } from './api-error';

export interface OperationFaults {
  /** Milliseconds before each API answer: fixed, or `[min, max]` drawn at random. */
  delayMs?: number | [number, number];
  failure?: {
    /** Status to answer with, 400 to 599. */
    status: number;
    /** Share of requests that fail, 0 to 1. */
    rate: number;
  };
}

export interface Faults extends OperationFaults {
  failure?: OperationFaults['failure'] & {
    /** Only this operation fails (an operation id of interface section 4). */
    operation?: OperationId;
  };
  /** Per operation id: its own delay or failure, used instead of the global one. */
  operations?: Partial<Record<OperationId, OperationFaults>>;
}

/** Longest delay a fault may add: a minute, beyond any client's patience. */
export const maxDelayMs = 60_000;

const operationIds: readonly string[] = operations.map((operation) => operation.id);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isDelay = (value: unknown): boolean =>
  (isNumber(value) && value >= 0 && value <= maxDelayMs) ||
  (Array.isArray(value) && value.length === 2 && value.every(isDelay) && Number(value[0]) <= Number(value[1]));

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Problems of one delay and failure, named under `prefix` (empty or ending in a dot). */
function partProblems(part: Record<string, unknown>, prefix: string): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (part.delayMs !== undefined && !isDelay(part.delayMs))
    problems[`${prefix}delayMs`] = [`must be milliseconds (0 to ${String(maxDelayMs)}) or [min, max]`];
  if (part.failure === undefined) return problems;
  const { status, rate } = isObject(part.failure) ? part.failure : {};
  if (!isNumber(status) || !Number.isInteger(status) || status < 400 || status > 599)
    problems[`${prefix}failure.status`] = ['must be a whole number from 400 to 599'];
  if (!isNumber(rate) || rate < 0 || rate > 1) problems[`${prefix}failure.rate`] = ['must be a number from 0 to 1'];
  return problems;
}

function operationsProblems(value: unknown): Record<string, string[]> {
  if (value === undefined) return {};
  if (!isObject(value)) return { operations: ['must be an object keyed by operation id'] };
  return Object.entries(value).reduce<Record<string, string[]>>((problems, [id, part]) => {
    if (!operationIds.includes(id))
      return { ...problems, [`operations.${id}`]: [`must be one of ${operationIds.join(', ')}`] };
    if (!isObject(part)) return { ...problems, [`operations.${id}`]: ['must be an object'] };
    return { ...problems, ...partProblems(part, `operations.${id}.`) };
  }, {});
}

/** Checks faults sent to the control API or given as options; lists every problem. */
export function faultProblems(value: unknown): Record<string, string[]> {
  if (!isObject(value)) return { body: ['must be an object'] };
  const problems = { ...partProblems(value, ''), ...operationsProblems(value.operations) };
  const operation = isObject(value.failure) ? value.failure.operation : undefined;
  if (operation !== undefined && (typeof operation !== 'string' || !operationIds.includes(operation)))
    problems['failure.operation'] = [`must be one of ${operationIds.join(', ')}`];
  return problems;
}

function delayOf(delay: Faults['delayMs']): number {
  if (delay === undefined) return 0;
  if (typeof delay === 'number') return delay;
  const [min, max] = delay;
  return min + Math.random() * (max - min);
}

/** Whether any latency or failure is set; the pipeline skips the (awaited) faults step otherwise. */
export const hasFaults = (faults: Faults): boolean =>
  faults.delayMs !== undefined || faults.failure !== undefined || faults.operations !== undefined;

/**
 * Waits `ms`, or less when the client goes away first: nobody waits for that answer any more, and
 * a pending timer would keep a test's process alive (up to a minute) after its server closed.
 */
function delay(ms: number, request: PlainRequest): Promise<void> {
  return new Promise((resolve) => {
    const waiting: { done: boolean; stop?: () => void } = { done: false };
    const finish = (): void => {
      if (waiting.done) return;
      waiting.done = true;
      clearTimeout(timer);
      waiting.stop?.();
      resolve();
    };
    const timer = setTimeout(finish, ms);
    waiting.stop = request.onClientGone?.(finish);
    // A client already gone has called `finish` before the way to stop listening was known.
    if (waiting.done) waiting.stop?.();
  });
}

/**
 * Waits the configured delay (ended early when the client goes away), then throws the configured
 * failure when this request draws it.
 */
export async function applyFaults(faults: Faults, operation: OperationId, request: PlainRequest): Promise<void> {
  const own = faults.operations?.[operation] ?? {};
  const wait = delayOf(own.delayMs ?? faults.delayMs);
  if (wait > 0) await delay(wait, request);
  const failure: Faults['failure'] = own.failure ?? faults.failure;
  if (!failure || (failure.operation && failure.operation !== operation)) return;
  if (Math.random() < failure.rate) {
    throw new ApiError('injectedFault', {
      status: failure.status,
      message: `Fault injected by the mock (status ${failure.status}).`,
    });
  }
}
