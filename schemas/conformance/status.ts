/**
 * What an answer's status alone says (section 4 states a success status for some operations;
 * section 7 leaves error statuses open but every payload is JSON): a success answer has the
 * stated status where one is stated, and an error answer that has a body is JSON.
 */
import { violation, type Violation } from './violation';

/** A success status: any 2xx. */
export const isSuccessStatus = (status: number): boolean => status >= 200 && status <= 299;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * For a request the interface says succeeds: its stated status, or any 2xx where only success is
 * stated (`stated` undefined, 4.5).
 */
export function judgeSuccessStatus(stated: number | undefined, status: number): Violation[] {
  const met = stated === undefined ? isSuccessStatus(status) : status === stated;
  return met ? [] : [violation('stated-status', '', String(stated ?? 'a success status (2xx)'), String(status))];
}

/** `stated` is the operation's success status, undefined where the interface states none (4.5, 4.6). */
export function judgeStatus(stated: number | undefined, status: number, body: string): Violation[] {
  if (isSuccessStatus(status)) return judgeSuccessStatus(stated, status);
  return body === '' || isJson(body)
    ? []
    : [violation('error-answer-json', '', 'a JSON error body', JSON.stringify(body.slice(0, 200)))];
}
