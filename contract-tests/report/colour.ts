/**
 * Colour in the console report, only where a person reads it as it comes: standard output a
 * terminal and NO_COLOR unset (no-color.org: any value but the empty one turns colour off). Piped
 * output and CI logs stay plain text, byte for byte as before. Node's own `styleText` writes the
 * escapes; whether to colour is decided here, once, so FORCE_COLOR left in a CI environment by
 * another tool cannot colour a log.
 */
import { styleText } from 'node:util';

export type Style = 'passed' | 'failed' | 'skipped' | 'heading';

/** Wraps `text` in the colour of `style`, or leaves it as it is. */
export type Paint = (style: Style, text: string) => string;

const formats = { passed: 'green', failed: 'red', skipped: 'yellow', heading: 'bold' } as const;

export const plain: Paint = (_style, text) => text;

const coloured: Paint = (style, text) => styleText(formats[style], text, { validateStream: false });

/** Colour for a terminal without NO_COLOR, else plain. */
export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Paint {
  const noColour = (env.NO_COLOR ?? '') !== '';
  return stream.isTTY === true && !noColour ? coloured : plain;
}
