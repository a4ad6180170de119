/**
 * The request log's output for `npm start`: lines gathered and written once per turn of the event
 * loop, not one write (a system call; stdout is synchronous on Linux pipes and files) per request.
 * A line is out at most one turn after its request was answered, and before the process exits.
 */
export function batchedLines(write: (text: string) => void): { log: (line: string) => void; flush: () => void } {
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    write(text);
  };
  const log = (line: string): void => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
  };
  return { log, flush };
}
