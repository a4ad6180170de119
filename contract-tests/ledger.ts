/**
 * The statements of the interface tables each check judged, and how each came out: conformance's
 * `judged*` functions say which statements a judgement covered, and the check's ledger keeps them.
 * A check's helpers run deep and beside other checks' (side by side on one article), so the ledger
 * travels with the check's own asynchronous work (Node's AsyncLocalStorage) rather than through
 * every helper's arguments: whatever a check judges lands in its ledger and no other.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  addressOf,
  isSuccessStatus,
  statementsOfAnswer,
  statementsOfFields,
  statementsOfRequest,
  violation,
  type Answer,
  type Judgement,
  type Violation,
} from 'site-articles-schemas/conformance';
import type { ResponseShape } from 'site-articles-schemas/catalogue';
import type { Exchange } from './http/client';

const weight: Record<Judgement['outcome'], number> = { 'not exercised': 0, held: 1, broken: 2 };

export class Ledger {
  private readonly entries = new Map<string, Judgement>();

  /** Keeps, for each statement, the gravest outcome seen: broken over held over not exercised. */
  add(judgements: Judgement[]): void {
    for (const judgement of judgements) {
      const known = this.entries.get(judgement.statement);
      if (!known || weight[judgement.outcome] > weight[known.outcome]) this.entries.set(judgement.statement, judgement);
    }
  }

  get judgements(): Judgement[] {
    return [...this.entries.values()];
  }
}

const current = new AsyncLocalStorage<Ledger>();

/** Runs a check's work with `ledger` as where its judgements go. */
export const keepingLedger = <T>(ledger: Ledger, work: () => Promise<T>): Promise<T> => current.run(ledger, work);

/** Notes judgements in the ledger of the check under way; outside a check (the restore, the start), nowhere. */
export function noteJudged(judgements: Judgement[]): void {
  current.getStore()?.add(judgements);
}

/**
 * A request's address and payload: held by a success answer; broken by another answer where the
 * interface owes a success (`owed`: a write the target may refuse, such as a reserved key, owes none).
 */
export function noteRequest(exchange: Exchange, owed: boolean): void {
  const address = addressOf(exchange.request.method, exchange.request.url);
  if (!address) return;
  const success = isSuccessStatus(exchange.status);
  noteJudged(statementsOfRequest(address.operation, address.path, { success, owed }));
}

/** Only the statements that `violations` break in a value of `shape`: for a judgement of part of a value. */
export function noteBroken(shape: ResponseShape, value: unknown, violations: Pick<Violation, 'path'>[]): void {
  noteJudged(statementsOfFields(shape, value, violations).filter((judgement) => judgement.outcome === 'broken'));
}

/** An exchange as the one judgement reads an answer. */
export const answerOf = (exchange: Exchange): Answer => ({
  status: exchange.status,
  headers: exchange.headers,
  body: exchange.text,
});

/**
 * A success answer checked against its operation's stated shape (`violations`, the validation's):
 * its answer statement, and each field of the shape, by the operation its address names.
 */
export function noteShape(
  shape: ResponseShape,
  value: unknown,
  violations: Pick<Violation, 'path'>[],
  exchange: Exchange,
): void {
  const address = addressOf(exchange.request.method, exchange.request.url);
  noteJudged(statementsOfFields(shape, value, violations));
  if (address) noteJudged(statementsOfAnswer(address.operation, { ...answerOf(exchange), body: '' }, violations));
}

/** A success answer whose status is not the one its operation states: its answer statement is broken, its body not judged. */
export function noteStatusOnly(exchange: Exchange): void {
  const address = addressOf(exchange.request.method, exchange.request.url);
  if (!address || !isSuccessStatus(exchange.status)) return;
  const found = violation('stated-status', '', 'the stated status', String(exchange.status));
  noteJudged(statementsOfAnswer(address.operation, { ...answerOf(exchange), body: '' }, [found]));
}
