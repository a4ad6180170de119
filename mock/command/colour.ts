/**
 * Colour in what the command prints: only on a terminal, and never when
 * NO_COLOR is set (no-color.org: any value but an empty one), nor NODE_DISABLE_COLORS, nor on a
 * TERM=dumb terminal; FORCE_COLOR decides before all of them, as node reads it (`0` or `false`
 * plain, any other value coloured, a pipe included). The colours are node's own (`util.styleText`);
 * when to use them is decided here, because node 20's styleText colours whatever the output is,
 * and later ones decide by the output it is told of, not by these variables alone.
 */
import { styleText } from 'node:util';

export type Style = 'bold' | 'dim' | 'cyan' | 'green' | 'yellow' | 'red';
export type Paint = (style: Style, text: string) => string;

export function colourWanted(env: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (Boolean(env.NO_COLOR) || env.NODE_DISABLE_COLORS !== undefined || env.TERM === 'dumb') return false;
  return isTerminal;
}

const plain: Paint = (_style, text) => text;
const coloured: Paint = (style, text) => styleText(style, text, { validateStream: false });

export const paintFor = (colour: boolean): Paint => (colour ? coloured : plain);

const statusStyle = (status: number): Style =>
  status >= 500 ? 'red' : status >= 400 ? 'yellow' : status >= 300 ? 'cyan' : 'green';

/** A request log line (`GET /admin/api/articles/1 200 1.3ms`, journal/mask-token.ts) with its status coloured by class. */
export function paintLogLine(line: string, paint: Paint): string {
  const match = /^(\S+ \S+ )(\d{3})( .*)$/.exec(line);
  if (!match) return line;
  const [, request = '', status = '', rest = ''] = match;
  return `${request}${paint(statusStyle(Number(status)), status)}${rest}`;
}
