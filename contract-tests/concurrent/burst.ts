/**
 * Requests sent at once (the concurrency checks, interface section 4): every request of a burst
 * leaves before any answer is awaited, each on a connection of its own (Node's fetch opens one per
 * request in flight to an origin; none is shared while busy), and each is kept with when it left
 * and when its answer came, on one time axis, so the judgement can tell which overlapped.
 */
import { curlCommand } from '../http/curl';
import { describeNetworkError, type Client, type Exchange, type RequestSpec } from '../http/client';
import type { Timeline } from './timeline';

export interface Planned {
  label: string;
  request: RequestSpec;
}

export interface Seen extends Planned {
  /** Milliseconds since the burst began. */
  sentAt: number;
  /** Undefined when no answer came. */
  answeredAt: number | undefined;
  exchange?: Exchange;
  /** The network error, when no answer came. */
  error?: string;
  curl: string;
}

/** Sends every planned request at once; times count from `origin` (by default, now). */
export async function sendAtOnce(client: Client, planned: Planned[], origin = performance.now()): Promise<Seen[]> {
  const start = origin;
  return Promise.all(
    planned.map(async (one): Promise<Seen> => {
      const curl = curlCommand(client.requestOf(one.request));
      const sentAt = performance.now() - start;
      try {
        const exchange = await client.send(one.request);
        return { ...one, sentAt, answeredAt: performance.now() - start, exchange, curl };
      } catch (error) {
        return { ...one, sentAt, answeredAt: undefined, error: describeNetworkError(error), curl };
      }
    }),
  );
}

const answerOf = (seen: Seen): string =>
  seen.exchange
    ? `${String(seen.exchange.status)} ${seen.exchange.text.slice(0, 160)}`
    : `no answer: ${seen.error ?? ''}`;

export const timelineOf = (seen: Seen[], why: string): Timeline => ({
  requests: seen.map((one) => ({
    label: one.label,
    sentAt: one.sentAt,
    answeredAt: one.answeredAt,
    answer: answerOf(one),
    curl: one.curl,
    ...(one.exchange ? { exchange: one.exchange } : {}),
  })),
  why,
});
