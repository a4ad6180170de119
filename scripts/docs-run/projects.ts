/**
 * The scratch projects the docs' blocks run in, each made the first time a block asks for it,
 * inside one temporary folder the run removes: a copy of this checkout for the repository's own
 * commands, and empty projects that install the packed tarballs (package-tests/packed.ts packs them
 * once) with the majors of MSW, Jest, Vitest and TypeScript a user installs on each Node.js release
 * the recipe is for (package-tests/node-release.ts), run on that release.
 */
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { nodeBinary, nodeRelease, nodeReleases, thisNode, type NodeRelease } from '../../package-tests/node-release';
import { packAll, projectWith, type PackageName, type Packed } from '../../package-tests/packed';
import type { Place } from './session';

/** How a project's scratch folder is made, and the Node.js releases it runs on. */
interface Recipe {
  /** What its blocks show a reader, as docs/packages.md's table of Node.js releases names it. */
  shows: string;
  /** The registry packages it installs beside the tarballs on `release`: the majors a user installs there. */
  packages?: (release: NodeRelease) => string[];
  tarballs: PackageName[];
  /** The Node.js majors its blocks run on, each in a project of its own. */
  nodes: readonly number[];
  /** What runs the project's tests when the page shows no command for it. */
  testCommand?: string;
  /** Each TypeScript block is a program: compiled and run with node. */
  runsFiles?: boolean;
  /** How its TypeScript files are checked together: Vite's projects resolve as bundlers do. */
  resolution?: string;
}

export interface Project extends Place {
  name: string;
  /** The TypeScript compilers installed, by major: the path of each one's `tsc`. */
  compilers: Record<string, string>;
  testCommand?: string;
  runsFiles: boolean;
  resolution: string;
}

const root = join(__dirname, '..', '..');
const typescript = { '5': 'typescript5@npm:typescript@5', '7': 'typescript@7' };
const jestCommand = 'NODE_OPTIONS=--experimental-vm-modules npx jest';
const nodeTypes = (release: NodeRelease): string => `@types/node@${String(release.node)}`;
/** `createApp`'s declarations name Express's types: a project whose tsc checks them installs these (docs/packages.md). */
const expressTypes = '@types/express@5';
const everyRelease = nodeReleases.map((release) => release.node);
/**
 * The oldest and the newest release, for what installs the same majors on each and uses nothing of
 * Node.js that differs between them (fetch, ES modules, a child process).
 */
const newest = Math.max(...everyRelease);
const firstAndLast = [Math.min(...everyRelease), newest];

/** Each project by name. */
const recipes: Record<string, Recipe> = {
  vitest: {
    shows: 'the MSW handlers and `createApp` in Vitest ([msw.md](msw.md#vitest), [in-your-tests.md](in-your-tests.md))',
    packages: (release) => [
      `msw@${String(release.msw)}`,
      `vitest@${String(release.vitest)}`,
      typescript['7'],
      nodeTypes(release),
      expressTypes,
    ],
    tarballs: ['mock'],
    nodes: everyRelease,
    testCommand: 'npx vitest run',
    resolution: 'bundler',
  },
  jest: {
    shows: 'the MSW handlers in Jest ([msw.md](msw.md#jest))',
    packages: (release) => [`msw@${String(release.msw)}`, `jest@${String(release.jest)}`],
    tarballs: ['mock'],
    nodes: everyRelease,
    testCommand: jestCommand,
  },
  client: {
    shows:
      'the typed client and the Zod schemas with TypeScript 5 and 7 ([typed-client.md](typed-client.md), [schemas-and-types.md](schemas-and-types.md))',
    packages: (release) => ['openapi-fetch@0.17', 'zod@4', typescript['5'], typescript['7'], nodeTypes(release)],
    tarballs: ['schemas', 'mock'],
    nodes: firstAndLast,
    runsFiles: true,
  },
  tarballs: {
    shows: 'the tarballs installed, `npx articles-mock` and `npx articles-contract` (this page)',
    tarballs: [],
    nodes: firstAndLast,
  },
  // The release the job's `actions/setup-node` names.
  ci: { shows: 'a CI job running the contract command (this page)', tarballs: [], nodes: [newest] },
};

export const projectNames = Object.keys(recipes);

function recipeOf(name: string): Recipe {
  const recipe = recipes[name];
  if (!recipe) throw new Error(`no project "${name}": the projects are ${projectNames.join(', ')}`);
  return recipe;
}

/** What `recipe` installs on `node`. */
const packagesOf = (recipe: Recipe, node: number): string[] => recipe.packages?.(nodeRelease(node)) ?? [];

/** What each project's blocks show, what they install on a release, and the releases they run on: the docs' table of releases. */
export const recipeReleases = (): {
  shows: string;
  packages: (release: NodeRelease) => string[];
  nodes: readonly number[];
}[] =>
  Object.values(recipes).map((recipe) => ({
    shows: recipe.shows,
    packages: (release) => packagesOf(recipe, release.node),
    nodes: recipe.nodes,
  }));

/** The PATH that puts `node` (and the npm that runs on it) first. */
const pathFor = (node: string): string => `${dirname(node)}:${process.env.PATH ?? ''}`;

/** npm installs at once: more only queue on the same disk and network. */
const installsAtOnce = 3;

export class Projects {
  private packed: Promise<Record<PackageName, Packed>> | undefined;
  private readonly installs = new Map<string, Promise<string>>();
  private installing = 0;
  private readonly queued: (() => void)[] = [];
  private made = 0;

  constructor(private readonly work: string) {}

  /** The Node.js majors a project's blocks run on, each once. */
  nodesOf(name: string): readonly number[] {
    return name === 'repository' ? [thisNode] : recipeOf(name).nodes;
  }

  /** Packs the tarballs now, before any command of the repository's runs beside `npm pack`'s builds. */
  async pack(): Promise<void> {
    await this.tarballs();
  }

  /** Starts the installs `name` needs on each of its releases, so that they are ready when its blocks run. */
  prepare(name: string): void {
    if (name === 'repository') return;
    const recipe = recipeOf(name);
    for (const node of this.nodesOf(name)) {
      // The project awaits the same install and reports its failure; this start only begins it early.
      if (packagesOf(recipe, node).length > 0) this.install(name, node).catch(() => undefined);
    }
  }

  /** A copy of this checkout whose entries are links to the repository's, so that what the commands write lands in the copy. */
  checkout(): Project {
    const folder = this.folder('repository');
    for (const entry of readdirSync(root).filter((name) => name !== '.git'))
      symlinkSync(join(root, entry), join(folder, entry));
    // The site a reader is taken to have at hand (`--fixtures ./my-site.json`): the sample site.
    copyFileSync(join(root, 'mock', 'fixtures', 'sample-site.json'), join(folder, 'my-site.json'));
    const base = { folder, env: {}, compilers: {}, runsFiles: false, resolution: 'nodenext' };
    return { name: 'repository', ...base };
  }

  /** The project `name` on Node.js `node`, in a folder of its own. */
  async project(name: string, node: number): Promise<Project> {
    const recipe = recipeOf(name);
    const folder = this.folder(`${name}-node${String(node)}`);
    const packed = await this.tarballs();
    const env = { PATH: pathFor(await nodeBinary(node)) };
    if (name === 'ci') await this.ciProject(folder, packed.contract.tarball, env);
    if (name === 'tarballs')
      for (const made of Object.values(packed)) copyFileSync(made.tarball, join(folder, basename(made.tarball)));
    const packages = packagesOf(recipe, node);
    if (packages.length > 0) this.linkInstall(folder, await this.install(name, node));
    else if (name !== 'ci') await projectWith(folder, [], {}, env);
    const compilers = Object.fromEntries(
      Object.entries(typescript)
        .filter(([, spec]) => packages.includes(spec))
        .map(([major, spec]) => [major, join(folder, 'node_modules', spec.split('@')[0] ?? '', 'bin', 'tsc')]),
    );
    return {
      name,
      folder,
      env,
      compilers,
      runsFiles: recipe.runsFiles ?? false,
      resolution: recipe.resolution ?? 'nodenext',
      ...(recipe.testCommand ? { testCommand: recipe.testCommand } : {}),
    };
  }

  /**
   * The recipe's install on `node`, made once, by the npm running on that Node.js as a user's
   * would, and shared by each page's project through a link to its node_modules: every page starts
   * with none of another page's files, and the run installs each set of packages once.
   */
  private install(name: string, node: number): Promise<string> {
    const key = `${name}-node${String(node)}`;
    let installing = this.installs.get(key);
    if (!installing) {
      installing = this.installed(key, recipeOf(name), node);
      this.installs.set(key, installing);
    }
    return installing;
  }

  private async installed(key: string, recipe: Recipe, node: number): Promise<string> {
    const packed = await this.tarballs();
    const template = this.folder(`${key}-installed`);
    const tarballs = recipe.tarballs.map((tarball) => packed[tarball].tarball);
    const env = { PATH: pathFor(await nodeBinary(node)) };
    if (this.installing >= installsAtOnce) await new Promise<void>((go) => this.queued.push(go));
    this.installing += 1;
    try {
      await projectWith(template, [...tarballs, ...packagesOf(recipe, node)], {}, env);
    } finally {
      this.installing -= 1;
      this.queued.shift()?.();
    }
    return template;
  }

  private linkInstall(folder: string, template: string): void {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(template, file), join(folder, file));
    symlinkSync(join(template, 'node_modules'), join(folder, 'node_modules'));
  }

  /** A CI job's project: the contract command's tarball among its devDependencies, and a lockfile for `npm ci`. */
  private async ciProject(folder: string, tarball: string, env: NodeJS.ProcessEnv): Promise<void> {
    copyFileSync(tarball, join(folder, basename(tarball)));
    const manifest = { devDependencies: { 'site-articles-contract': `file:${basename(tarball)}` } };
    await projectWith(folder, [], manifest, env);
  }

  private folder(name: string): string {
    this.made += 1;
    const folder = join(this.work, `${String(this.made)}-${name}`);
    mkdirSync(folder, { recursive: true });
    return folder;
  }

  private tarballs(): Promise<Record<PackageName, Packed>> {
    this.packed ??= packAll(root, this.folder('tarballs-made'));
    return this.packed;
  }
}
