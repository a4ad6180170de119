/**
 * Latency and faults, to exercise a UI's loading and error states: a fixed or random delay before
 * every API answer, and an error status for a share of requests, optionally of one operation.
 */
import type { OperationId } from '../../schemas';
import { operations } from '../../schemas';
import { ApiError } from '../rules';

export interface Faults {
  /** Milliseconds before each API answer: fixed, or `[min, max]` drawn at random. */
  delayMs?: number | [number, number];
  failure?: {
    /** Status to answer with, 400 to 599. */
    status: number;
    /** Share of requests that fail, 0 to 1. */
    rate: number;
    /** Only this operation fails (an operation id of interface section 4). */
    operation?: OperationId;
  };
}

const operationIds: readonly string[] = operations.map((operation) => operation.id);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isDelay = (value: unknown): boolean =>
  (isNumber(value) && value >= 0 && value <= 60_000) ||
  (Array.isArray(value) && value.length === 2 && value.every(isDelay) && Number(value[0]) <= Number(value[1]));

/** Checks faults sent to the control API or given as options; lists every problem. */
export function faultProblems(value: unknown): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { body: ['must be an object'] };
  const { delayMs, failure } = value as Record<string, unknown>;
  if (delayMs !== undefined && !isDelay(delayMs))
    problems.delayMs = ['must be milliseconds (0 to 60000) or [min, max]'];
  if (failure === undefined) return problems;
  const { status, rate, operation } = (failure ?? {}) as Record<string, unknown>;
  if (!isNumber(status) || !Number.isInteger(status) || status < 400 || status > 599)
    problems['failure.status'] = ['must be a whole number from 400 to 599'];
  if (!isNumber(rate) || rate < 0 || rate > 1) problems['failure.rate'] = ['must be a number from 0 to 1'];
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

/** Waits the configured delay, then throws the configured failure when this request draws it. */
export async function applyFaults(faults: Faults, operation: OperationId): Promise<void> {
  const wait = delayOf(faults.delayMs);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const failure = faults.failure;
  if (!failure || (failure.operation && failure.operation !== operation)) return;
  if (Math.random() < failure.rate) {
    throw new ApiError('injectedFault', {
      status: failure.status,
      message: `Fault injected by the mock (status ${failure.status}).`,
    });
  }
}
