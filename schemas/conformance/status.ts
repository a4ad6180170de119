/**
 * What an answer's status alone says (section 4 states a success status for some operations;
 * section 7 leaves error statuses open but every payload is JSON): a success answer has the
 * stated status where one is stated, and an error answer that has a body is JSON.
 */
import { violation, type Violation } from './violation';

const isSuccess = (status: number): boolean => status >= 200 && status <= 299;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** `stated` is the operation's success status, undefined where the interface states none (4.5, 4.6). */
export function judgeStatus(stated: number | undefined, status: number, body: string): Violation[] {
  if (isSuccess(status))
    return stated !== undefined && status !== stated
      ? [violation('stated-status', '', String(stated), String(status))]
      : [];
  return body === '' || isJson(body)
    ? []
    : [violation('error-answer-json', '', 'a JSON error body', JSON.stringify(body.slice(0, 200)))];
}
