/**
 * Everything one exchange nobody planned can be judged on by itself (section 4 with 2.1, 2.2 and
 * 7): the request's shape, the stated success status, a JSON body on error answers, the answer's
 * media type, shape and dates (answer.ts) and its address forms. The validating proxy judges
 * each exchange it passes with this; the contract suite's checks ask the same parts one by one,
 * because they send only requests they built and judge statuses in their own words.
 */
import type { operations } from '../generated/catalogue';
import { judgeAddresses } from './addresses';
import { judgeExchange, type Answer } from './answer';
import { judgeRequest } from './request';
import { isSuccessStatus, judgeStatus } from './status';
import type { Violation } from './violation';

export type Operation = (typeof operations)[number];

export interface ObservedExchange {
  operation: Operation;
  status: number;
  headers: Answer['headers'];
  /** The answer body as text, already decoded from any Content-Encoding; `` when there is none. */
  body: string;
  /** The payload the client sent, for operations that state one. */
  requestBody?: string;
}

function addresses(operation: Operation, status: number, body: string): Violation[] {
  if (!('answer' in operation) || !isSuccessStatus(status)) return [];
  try {
    return judgeAddresses(operation.answer, JSON.parse(body) as unknown);
  } catch {
    return []; // A body that is not JSON is judgeExchange's finding.
  }
}

export function judgeTraffic(exchange: ObservedExchange): Violation[] {
  const { operation, status, headers, body, requestBody } = exchange;
  return [
    ...('request' in operation && requestBody !== undefined ? judgeRequest(operation.request, requestBody) : []),
    ...judgeStatus('status' in operation ? operation.status : undefined, status, body),
    ...judgeExchange(operation.id, { status, headers, body }),
    ...addresses(operation, status, body),
  ];
}
