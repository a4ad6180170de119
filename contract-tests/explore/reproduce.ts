/**
 * The curl commands a failed random sequence ends its report with (docs/contract-explore.md): the
 * requests it sent, in order, and the one that got no answer when that is what ended it.
 */
import { NoAnswer } from '../http/client';

/** The request that got no answer and ended a sequence, if that is what ended it. */
const unansweredCurl = (error: unknown): string[] => (error instanceof NoAnswer ? [error.curl] : []);

/**
 * The requests a failed sequence sent, in order, as curl commands, ending with the one that got no
 * answer if one did: the list its report ends with. None when the failure names its only request.
 */
export function reproduceInOrder(log: readonly { curl: string }[], error: unknown): { curls: string[]; text: string } {
  const curls = [...log.map((exchange) => exchange.curl), ...unansweredCurl(error)];
  if (log.length === 0) return { curls, text: '' };
  return {
    curls,
    text: `\nreproduce, in order:\n${curls.map((curl, index) => `  ${String(index + 1)}. ${curl}`).join('\n')}`,
  };
}
