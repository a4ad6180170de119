/**
 * An answer's body, read as a stream and given up once it passes the cap (`--max-body`): a
 * hostile or broken target may send without end (a 300 MB answer once took the run to 3.4 GB),
 * so no body is held whole before its size is known to be bounded.
 */

/** The body passed `maxBytes`: reading stopped there and the connection was let go. */
export class BodyOverCap extends Error {
  override name = 'BodyOverCap';
}

/** The body as text, decoded as `Response.text()` decodes it; throws BodyOverCap past `maxBytes`. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const body = response.body;
  if (!body) return '';
  // A declared length over the cap is refused before a byte is read.
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await body.cancel();
    throw new BodyOverCap();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyOverCap();
    }
    chunks.push(next.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
