/**
 * Where a JSON text stops being JSON, as a line and column a user can go to. V8's messages give
 * an offset for some faults, none for a text that ends too soon or for an unexpected token, so
 * the offset is found from the parser itself: a prefix of the text up to the fault parses or fails
 * only at its own end; one past it fails before its end. Asked only once a parse has failed.
 */

/** Beyond this, finding the place would mean parsing the text many times: V8's own message stays. */
const locatedUpTo = 32 * 1024 * 1024;

/** The offset a V8 JSON message names, or the text's length for an early end; undefined when it names none. */
function offsetIn(message: string, length: number): number | undefined {
  if (message.startsWith('Unexpected end of JSON input')) return length;
  const position = /at position (\d+)/.exec(message)?.[1];
  return position === undefined ? undefined : Number(position);
}

/** Whether parsing `prefix` fails before its own end (a fault inside it, not a text cut short). */
function failsInside(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    const offset = offsetIn((error as Error).message, prefix.length);
    return offset === undefined || offset < prefix.length;
  }
}

/** The offset of the first character that makes `text` not JSON, found by halving. */
function faultOffset(text: string): number {
  let fine = 0;
  let failing = text.length;
  while (failing - fine > 1) {
    const middle = Math.floor((fine + failing) / 2);
    if (failsInside(text.slice(0, middle))) failing = middle;
    else fine = middle;
  }
  return failing - 1;
}

/** 1-based line and column of `offset` in `text`. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${String(line)}, column ${String(column)}`;
}

/** V8's message for a failed `JSON.parse(text)`, said with where the fault is. */
export function jsonSyntaxProblem(error: SyntaxError, text: string): string {
  const named = offsetIn(error.message, text.length);
  if (named === text.length) return `the JSON ends too soon, at ${lineAndColumn(text, text.length)}`;
  const offset = named ?? (text.length <= locatedUpTo ? faultOffset(text) : undefined);
  const where = offset === undefined ? '' : ` (${lineAndColumn(text, offset)})`;
  return `not valid JSON${where}: ${error.message.replace(/ at position \d+.*$/, '')}`;
}
