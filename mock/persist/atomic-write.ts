/**
 * Replaces a file so that a crash at any moment leaves either the old content or the new one:
 * the new content goes to a temporary file in the same folder (a rename is atomic only within
 * one file system), is flushed to the disk, renamed over the file, and the folder is flushed so
 * the rename itself survives a power cut. Used by `--persist` (site-file.ts).
 */
import { readdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const temporaryPrefix = (path: string): string => `.${basename(path)}.tmp-`;
const temporaryPath = (path: string): string => join(dirname(path), `${temporaryPrefix(path)}${String(process.pid)}`);

async function syncFolder(path: string): Promise<void> {
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = temporaryPath(path);
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(path);
}

/** Temporary files a killed process left next to `path`: they never hold the only copy. */
export function removeLeftovers(path: string): void {
  for (const name of readdirSync(dirname(path))) {
    if (name.startsWith(temporaryPrefix(path))) rmSync(join(dirname(path), name), { force: true });
  }
}
