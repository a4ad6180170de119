/**
 * A file of one of the workbench's folders (its page, Swagger UI) as a plain answer: the path below
 * the folder decoded and resolved so that no `..`, hidden name or absolute path leaves the folder,
 * the bytes read, the content type from the name; anything else is 404. Written here rather than
 * taken from a static-file library (serve-static, send): those write onto Node's response, and the
 * core's handlers answer with plain answers that every adapter carries.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { notFoundAnswer } from '../core/answers';
import { ApiError } from '../core/api-error';
import type { PlainAnswer } from '../core/plain';

/** The kinds of file the two folders hold; any other is sent as bytes of no stated kind. */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** The relative name `rest` stands for, or undefined when it names something outside the folder or hidden. */
function safeName(rest: string): string | undefined {
  let name: string;
  try {
    name = decodeURIComponent(rest);
  } catch {
    throw new ApiError('badRequest', { message: 'Malformed percent-encoding in the path.' });
  }
  const parts = name.split('/');
  if (name.includes('\0') || name.includes('\\') || parts.some((part) => part === '' || part.startsWith('.')))
    return undefined;
  return name;
}

/** The file `rest` (still percent-encoded) names below `folder`, or 404. */
export async function fileAnswer(folder: string, rest: string): Promise<PlainAnswer> {
  const name = safeName(rest);
  const path = name === undefined ? undefined : resolve(folder, name);
  if (path === undefined || !path.startsWith(`${resolve(folder)}${sep}`)) return notFoundAnswer();
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch {
    // Missing, a folder, or unreadable: there is no such file to serve.
    return notFoundAnswer();
  }
  const type = contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
  return { status: 200, headers: { 'Content-Type': type, 'Cache-Control': 'no-cache' }, body: bytes };
}
