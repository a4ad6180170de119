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

/** Sends one request; times count from `start`. */
async function sendTimed(client: Client, one: Planned, start: number): Promise<Seen> {
  const curl = curlCommand(client.requestOf(one.request));
  const sentAt = performance.now() - start;
  try {
    const exchange = await client.send(one.request);
    return { ...one, sentAt, answeredAt: performance.now() - start, exchange, curl };
  } catch (error) {
    return { ...one, sentAt, answeredAt: undefined, error: describeNetworkError(error), curl };
  }
}

/** Sends every planned request at once; times count from `origin` (by default, now). */
export async function sendAtOnce(client: Client, planned: Planned[], origin = performance.now()): Promise<Seen[]> {
  return Promise.all(planned.map((one) => sendTimed(client, one, origin)));
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Sends every planned request at once and, from the first answer on while any of them is still in
 * flight, the requests of `late` (reads, say) one after another, each leaving no sooner than the
 * first answer took (or a quarter of the time since the start, if longer) after the one before: so reads leave over the whole time the slowest requests
 * take, and can land inside them. The planned requests' seen come first, then the late ones sent,
 * in the order of `late`.
 */
export async function sendSpreadOut(
  client: Client,
  planned: Planned[],
  late: Planned[],
  origin = performance.now(),
): Promise<Seen[]> {
  let inFlight = planned.length;
  const lateSeen: Seen[] = [];
  const sendLate = async (spacing: number): Promise<void> => {
    for (const next of late) {
      if (inFlight === 0) return;
      const left = performance.now();
      lateSeen.push(await sendTimed(client, next, origin));
      // Later reads spread further apart, so a few cover a long write as well as a short one.
      const apart = Math.max(spacing, (performance.now() - origin) / 4);
      if (inFlight > 0) await wait(apart - (performance.now() - left));
    }
  };
  let sending: Promise<void> | undefined;
  const answered = (seen: Seen): Seen => {
    inFlight -= 1;
    if (inFlight > 0) sending ??= sendLate((seen.answeredAt ?? seen.sentAt) - seen.sentAt);
    return seen;
  };
  const first = await Promise.all(planned.map((one) => sendTimed(client, one, origin).then(answered)));
  await sending;
  return [...first, ...lateSeen];
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
