/**
 * The name a command's usage and messages should give it: what the user typed. Installed, the
 * package's `bin` name (`articles-mock`, also from `npx` and from a project's own npm script); in
 * this repository, the npm script that runs it (`npm start --`, `npm run contract --`). Shared by
 * the mock's and the contract suite's command lines, so both name themselves the same way; and
 * when their output may be coloured (colour.ts), and how they escape markup (markup.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export { colourWanted } from './colour';
export { escapeMarkup } from './markup';

export interface Invocation {
  /** The package's `bin` name for this command. */
  bin: string;
  /** How this repository's README runs it, e.g. `npm start --`. */
  script: string;
}

export function invokedAs(
  { bin, script }: Invocation,
  env: NodeJS.ProcessEnv = process.env,
  entry = process.argv[1] ?? '',
): string {
  if (basename(entry).replace(/\.js$/, '') === bin) return bin;
  if (!startedByNpmScript(env)) return script;
  const event = env.npm_lifecycle_event ?? '';
  return event === 'start' || event === 'test' ? `npm ${event} --` : `npm run ${event} --`;
}

/** The line a usage error ends with: where every option is told, rather than all of them at once. */
export const helpHint = (command: string): string => `\`${command} --help\` lists every option`;

/** Whether an npm script (`npm start`, `npm run x`) started this process, npm being its parent; `npx` is not one. */
export const startedByNpmScript = (env: NodeJS.ProcessEnv): boolean =>
  env.npm_lifecycle_event !== undefined && env.npm_lifecycle_event !== 'npx';

/**
 * The version of the package a command belongs to: the `package.json` nearest above `folder` (its
 * source or its compiled `dist/`, so `--version` says the same from both).
 */
export function packageVersion(folder: string): string {
  for (let at = resolve(folder); ; at = dirname(at)) {
    const manifest = join(at, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? '';
    if (dirname(at) === at) return '';
  }
}
