/**
 * `--watch` (docs/mock.md): the `--fixtures` file is loaded again when it
 * changes. `load` reads and checks it and puts it in the site's place in one step (the control
 * API's fixture load), or throws, and then the site stays as it was and the mock says why, in the
 * words the start uses for a bad file. The file's folder is watched rather than the file: an
 * editor that saves by writing a new file and renaming it over the old one would leave a watch on
 * the file itself watching a file that is gone. A change is taken once the file has been quiet
 * for `settleMs`, as one save can be several writes. node's own fs.watch, not a library: one
 * folder, one name and a timer are all it takes.
 */
import { watch } from 'node:fs';
import { basename, dirname } from 'node:path';

export const settleMs = 100;

export interface FixtureWatch {
  close(): void;
}

/** Calls `changed` once the file at `path` has been quiet for `settleMs` after a change. */
function onQuietChange(path: string, changed: () => void): FixtureWatch {
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dirname(path), (_event, file) => {
    // Some systems do not say which file changed: then it may have been this one.
    if (file !== null && file !== name) return;
    clearTimeout(timer);
    timer = setTimeout(changed, settleMs);
  });
  return {
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

/** Reloads the site from `path` (named `source` as typed) on each change; `problem` is how the start words a bad file. */
export function watchFixture(
  path: string,
  source: string,
  load: () => void,
  problem: (error: unknown) => string,
): FixtureWatch {
  return onQuietChange(path, () => {
    try {
      load();
      console.log(`mock: ${source} changed; the site is loaded from it again`);
    } catch (error) {
      console.error(`mock: ${source} changed but is not loaded, so the site stays as it was: ${problem(error)}`);
    }
  });
}
