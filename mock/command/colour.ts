/**
 * Colour in what the mock's command prints: node's own colours (`util.styleText`), used when the
 * one policy of both command lines says so (site-articles-schemas/command-line's `colourWanted`).
 */
import { styleText } from 'node:util';

export type Style = 'bold' | 'dim' | 'cyan' | 'green' | 'yellow' | 'red';
export type Paint = (style: Style, text: string) => string;

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
