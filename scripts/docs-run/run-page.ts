/**
 * A page's runnable blocks, in their projects: a shell block's commands in turn, a CI job's steps,
 * and files (`// name.ts` on the first line) written into the project, TypeScript type-checked, and
 * run where the project runs its files or its tests. A project that runs on several Node.js
 * releases (Jest on 20, 22, 24 and 26) takes the page's blocks once on each: one job each, with
 * its own folder, ports and servers, so that jobs can run at the same time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileNameOf, type DocBlock } from './blocks';
import { stepsOf } from './ci-steps';
import { commandsOf } from './commands';
import type { Project, Projects } from './projects';
import { PageSession } from './session';
import { compileAndRun, resolutionsOf, typeCheck } from './typescript';

/** A block to run, and the name of the project it runs in. */
export interface Runnable {
  block: DocBlock;
  project: string;
}

const optionsOf = (block: DocBlock): Record<string, string> =>
  block.marker?.kind === 'run' ? block.marker.options : {};

/** Writes a file block into the project (ports made local); gives its name. */
async function writeFile(block: DocBlock, project: Project, session: PageSession): Promise<string> {
  const name = fileNameOf(block) ?? `block-${String(block.line)}.${block.language}`;
  writeFileSync(join(project.folder, name), await session.addresses.localize(block.text));
  return name;
}

interface GroupState {
  typeScriptFiles: string[];
  ranCommands: boolean;
}

async function runBlock(block: DocBlock, project: Project, session: PageSession, state: GroupState): Promise<void> {
  const options = optionsOf(block);
  if (options.with !== undefined) await session.run(options.with, project);
  if (block.language === 'sh') {
    for (const command of commandsOf(block.text)) await session.run(command, project);
    state.ranCommands = true;
  } else if (block.language === 'yaml') {
    for (const step of stepsOf(block.text)) {
      for (const command of commandsOf(step.command)) await session.run(command, project, step.env);
    }
    state.ranCommands = true;
  } else {
    const file = await writeFile(block, project, session);
    if (block.language !== 'ts') return;
    if (project.runsFiles) {
      await typeCheck(project, [file], resolutionsOf(options.resolutions), session);
      await compileAndRun(project, file, session);
    } else {
      state.typeScriptFiles.push(file);
    }
  }
}

/** A page's failure, at the block that failed (or the last one, for what runs after them all). */
export class BlockFailed extends Error {
  constructor(
    readonly block: DocBlock,
    readonly reason: unknown,
  ) {
    super(`${block.page}:${String(block.line)}: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

async function runGroup(blocks: DocBlock[], project: Project, session: PageSession): Promise<void> {
  const state: GroupState = { typeScriptFiles: [], ranCommands: false };
  for (const block of blocks) {
    try {
      await runBlock(block, project, session, state);
    } catch (error) {
      throw new BlockFailed(block, error);
    }
  }
  const last = blocks[blocks.length - 1];
  if (last === undefined) return;
  try {
    await finishGroup(project, session, state);
  } catch (error) {
    throw new BlockFailed(last, error);
  }
}

/** After a project's blocks: its TypeScript files checked together, and its tests run if the page ran none. */
async function finishGroup(project: Project, session: PageSession, state: GroupState): Promise<void> {
  if (state.typeScriptFiles.length > 0) await typeCheck(project, state.typeScriptFiles, [project.resolution], session);
  if (project.testCommand !== undefined && !state.ranCommands) await session.run(project.testCommand, project);
}

/** One page's blocks of one project, on one Node.js release. */
export interface Job {
  project: string;
  node: number;
  blocks: DocBlock[];
}

/** A page's jobs: its blocks grouped by project, in the order they first appear, once per release. */
export function jobsOf(runnables: Runnable[], projects: Projects): Job[] {
  const groups = new Map<string, DocBlock[]>();
  for (const { block, project } of runnables) groups.set(project, [...(groups.get(project) ?? []), block]);
  return [...groups].flatMap(([project, blocks]) =>
    projects.nodesOf(project).map((node) => ({ project, node, blocks })),
  );
}

/** How a job went: the blocks that passed, and from the one that failed on, those that did not. */
export interface Outcome {
  passed: DocBlock[];
  failed: DocBlock[];
  failure?: BlockFailed;
}

/** Runs a job's blocks in a new project and session; a failure (making the project's included) ends it at that block. */
export async function runJob(job: Job, projects: Projects, deployment: () => Promise<string>): Promise<Outcome> {
  const first = job.blocks[0];
  if (first === undefined) return { passed: [], failed: [] };
  const session = new PageSession(deployment);
  try {
    let project: Project;
    try {
      project = job.project === 'repository' ? projects.checkout() : await projects.project(job.project, job.node);
    } catch (error) {
      throw new BlockFailed(first, error);
    }
    await runGroup(job.blocks, project, session);
    return { passed: job.blocks, failed: [] };
  } catch (error) {
    if (!(error instanceof BlockFailed)) throw error;
    const reached = Math.max(job.blocks.indexOf(error.block), 0);
    return { passed: job.blocks.slice(0, reached), failed: job.blocks.slice(reached), failure: error };
  } finally {
    await session.end();
  }
}
