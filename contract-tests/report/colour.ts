/**
 * Colour in the console report: node's own `styleText` writes the escapes, where the one policy
 * of both command lines allows (site-articles-schemas/command-line's `colourWanted`: a terminal,
 * no NO_COLOR, FORCE_COLOR deciding before all).
 */
import { styleText } from 'node:util';
import { colourWanted } from 'site-articles-schemas/command-line';

export type Style = 'passed' | 'failed' | 'skipped' | 'heading';

/** Wraps `text` in the colour of `style`, or leaves it as it is. */
export type Paint = (style: Style, text: string) => string;

const formats = { passed: 'green', failed: 'red', skipped: 'yellow', heading: 'bold' } as const;

export const plain: Paint = (_style, text) => text;

const coloured: Paint = (style, text) => styleText(formats[style], text, { validateStream: false });

/** Colour where `colourWanted` says so for this stream and environment, else plain. */
export const paintFor = (stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Paint =>
  colourWanted(env, stream.isTTY === true) ? coloured : plain;
