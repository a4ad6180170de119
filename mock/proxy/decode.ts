/**
 * The body as the deployment meant it, for judging only: the client still gets the bytes as they
 * came. An encoding Node cannot undo, or a body that inflates past a bound, is not judged.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const maxOutputLength = 8 * 1024 * 1024;

const decoders: Record<string, (body: Buffer) => Buffer> = {
  identity: (body) => body,
  gzip: (body) => gunzipSync(body, { maxOutputLength }),
  'x-gzip': (body) => gunzipSync(body, { maxOutputLength }),
  deflate: (body) => inflateSync(body, { maxOutputLength }),
  br: (body) => brotliDecompressSync(body, { maxOutputLength }),
};

/** The decoded body, or undefined when it cannot be decoded within the bound. */
export function decodeForJudging(body: Buffer, contentEncoding: string | undefined): Buffer | undefined {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean)
    .reverse();
  let decoded = body;
  try {
    for (const coding of codings) {
      const decoder = decoders[coding];
      if (!decoder) return undefined;
      decoded = decoder(decoded);
    }
  } catch {
    return undefined;
  }
  return decoded;
}
