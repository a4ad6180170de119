/**
 * The command's scenarios (docs/scenarios.md): `--scenario <file|name>` and `--scenarios <dir>`.
 * A folder's `<name>.json` files are the run's scenarios at start, and each scenario saved or
 * removed through the control API (or the workbench) is written to, or removed from, the folder.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve as resolvePath } from 'node:path';
import { ApiError } from '../core/api-error';
import { checkScenarioName, refuseDefault, ScenarioError, type ScenarioKeeper } from './scenarios';
import { readJsonSource } from '../loading/fixture-file';
import { FixtureError } from '../loading/load-fixture';

/** What `createApp` is given for the command's scenario options. */
export interface CommandScenarios {
  scenarios?: Record<string, unknown>;
  scenario?: string;
  scenarioKeeper?: ScenarioKeeper;
}

/** A value is a file when it ends in `.json` or names a folder; otherwise a scenario's name. */
const isFile = (typed: string): boolean => typed.endsWith('.json') || /[/\\]/.test(typed);

/** The scenario a file holds is named by the file; a name the shelf would refuse stops the start naming the file. */
function nameOf(file: string, shown = file): string {
  const name = basename(file, '.json');
  try {
    checkScenarioName(name);
    refuseDefault(name);
  } catch (error) {
    if (error instanceof ScenarioError) throw new FixtureError(`${shown}: ${error.message}`);
    throw error;
  }
  return name;
}

/** The folder's scenarios by name; the folder is made when missing. */
function folderScenarios(folder: string, typed: string): Record<string, unknown> {
  mkdirSync(folder, { recursive: true });
  const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
  return Object.fromEntries(
    files.map((file) => [nameOf(file, join(typed, file)), readJsonSource(join(folder, file), join(typed, file))]),
  );
}

/** Writes each scenario saved to the folder (whole, through a rename), and removes each removed one. */
function folderKeeper(folder: string): ScenarioKeeper {
  const refuse = (name: string, error: unknown): never => {
    throw new ApiError('notSaved', {
      message: `Scenario "${name}" could not be kept in ${folder}: ${error instanceof Error ? error.message : String(error)}`,
    });
  };
  /** The scenario's file, never outside the folder whatever the name (the shelf checks names too). */
  const fileOf = (name: string): string => {
    const path = resolvePath(folder, `${name}.json`);
    if (dirname(path) !== resolvePath(folder)) refuse(name, new Error('its name leads outside the folder'));
    return path;
  };
  return {
    save: (name, file) => {
      const path = fileOf(name);
      try {
        writeFileSync(`${path}.saving`, `${JSON.stringify(file, null, 2)}\n`);
        renameSync(`${path}.saving`, path);
      } catch (error) {
        refuse(name, error);
      }
    },
    remove: (name) => {
      const path = fileOf(name);
      try {
        rmSync(path, { force: true });
      } catch (error) {
        refuse(name, error);
      }
    },
  };
}

/** `--scenarios` and `--scenario` as createApp's options; `resolve` makes a typed path absolute. */
export function commandScenarios(
  options: { scenario?: string; scenarios?: string },
  resolve: (typed: string) => string,
): CommandScenarios {
  const folder = options.scenarios;
  const fromFolder = folder === undefined ? {} : folderScenarios(resolve(folder), folder);
  const keeper = folder === undefined ? {} : { scenarioKeeper: folderKeeper(resolve(folder)) };
  const typed = options.scenario;
  if (typed === undefined) return { scenarios: fromFolder, ...keeper };
  if (!isFile(typed)) return { scenarios: fromFolder, scenario: typed, ...keeper };
  const file = { [nameOf(typed)]: readJsonSource(resolve(typed), typed) };
  return { scenarios: { ...fromFolder, ...file }, scenario: nameOf(typed), ...keeper };
}
