/**
 * A shell block as the commands a reader types one after another: lines continued with a
 * backslash joined, comments (a whole line, or ` # ...` after a command) left out.
 */

/** The line without a trailing ` # comment`; a `#` inside quotes, or not after a space, stays. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '#' && (index === 0 || /\s/.test(line[index - 1] ?? ''))) {
      return line.slice(0, index);
    }
  }
  return line;
}

export function commandsOf(text: string): string[] {
  const joined = text.replace(/\s*\\\n\s*/g, ' ');
  return joined
    .split('\n')
    .map((line) => withoutComment(line).trim())
    .filter((line) => line !== '');
}
