/**
 * The scratch projects the docs' blocks run in, each made the first time a block asks for it,
 * inside one temporary folder the run removes: a copy of this checkout for the repository's own
 * commands, and empty projects that install the packed tarballs (package-tests/packed.ts packs them
 * once) with the majors of MSW, Jest, Vitest and TypeScript a user installs today.
 */
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { installNode, newerNode } from '../../package-tests/node-release';
import { packAll, projectWith, type PackageName, type Packed } from '../../package-tests/packed';
import type { Place } from './session';

/** How a project's scratch folder is made, and the Node.js it runs on. */
interface Recipe {
  /** The registry packages it installs beside the tarballs (majors a user installs today, as `npm view` shows them). */
  packages: string[];
  tarballs: PackageName[];
  /** 'newer': MSW 3 and Vitest 5 need Node 22.12 or later (package-tests/node-release.ts). */
  node: 'this' | 'newer';
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
const nodeTypes = (major: number): string => `@types/node@${String(major)}`;
/** `createApp`'s declarations name Express's types: a project whose tsc checks them installs these (docs/packages.md). */
const expressTypes = '@types/express@5';

/** Each project by name; a name with several recipes runs its page's blocks once in each. */
const recipes: Record<string, Recipe[]> = {
  client: [
    {
      packages: ['openapi-fetch@0.17', 'zod@4', typescript['5'], typescript['7'], nodeTypes(20)],
      tarballs: ['schemas', 'mock'],
      node: 'this',
      runsFiles: true,
    },
  ],
  jest: [
    { packages: ['msw@2', 'jest@30'], tarballs: ['mock'], node: 'this', testCommand: jestCommand },
    { packages: ['msw@3', 'jest@30'], tarballs: ['mock'], node: 'newer', testCommand: jestCommand },
  ],
  vitest: [
    {
      packages: ['msw@2', 'vitest@4', typescript['7'], nodeTypes(20), expressTypes],
      tarballs: ['mock'],
      node: 'this',
      testCommand: 'npx vitest run',
      resolution: 'bundler',
    },
    {
      packages: ['msw@3', 'vitest@5', typescript['7'], nodeTypes(newerNode), expressTypes],
      tarballs: ['mock'],
      node: 'newer',
      testCommand: 'npx vitest run',
      resolution: 'bundler',
    },
  ],
  tarballs: [{ packages: [], tarballs: [], node: 'this' }],
  ci: [{ packages: [], tarballs: [], node: 'this' }],
};

export const projectNames = Object.keys(recipes);

export class Projects {
  private packed: Promise<Record<PackageName, Packed>> | undefined;
  private newerNodeBin: Promise<string> | undefined;
  private readonly installs = new Map<string, Promise<string>>();
  private made = 0;

  constructor(private readonly work: string) {}

  variantsOf(name: string): number {
    const recipe = recipes[name];
    if (!recipe) throw new Error(`no project "${name}": the projects are ${projectNames.join(', ')}`);
    return recipe.length;
  }

  /** A copy of this checkout whose entries are links to the repository's, so that what the commands write lands in the copy. */
  checkout(): Project {
    const folder = this.folder('repository');
    for (const entry of readdirSync(root).filter((name) => name !== '.git'))
      symlinkSync(join(root, entry), join(folder, entry));
    // The site a reader is taken to have at hand (`--fixtures ./my-site.json`): the sample site.
    copyFileSync(join(root, 'mock', 'fixtures', 'sample-site.json'), join(folder, 'my-site.json'));
    return { name: 'repository', folder, env: {}, compilers: {}, runsFiles: false, resolution: 'nodenext' };
  }

  async project(name: string, variant: number): Promise<Project> {
    const recipe = recipes[name]?.[variant];
    if (!recipe) throw new Error(`no project "${name}" (variant ${String(variant)})`);
    const folder = this.folder(name);
    const packed = await this.tarballs();
    if (name === 'ci') await this.ciProject(folder, packed.contract.tarball);
    if (name === 'tarballs')
      for (const made of Object.values(packed)) copyFileSync(made.tarball, join(folder, basename(made.tarball)));
    if (recipe.packages.length > 0) await this.installedBeside(folder, `${name}-${String(variant)}`, recipe);
    else if (name !== 'ci') await projectWith(folder, []);
    const env =
      recipe.node === 'newer' ? { PATH: `${join(await this.newerNode(), '..')}:${process.env.PATH ?? ''}` } : {};
    const compilers = Object.fromEntries(
      Object.entries(typescript)
        .filter(([, spec]) => recipe.packages.includes(spec))
        .map(([major, spec]) => [major, join(folder, 'node_modules', spec.split('@')[0] ?? '', 'bin', 'tsc')]),
    );
    const runsFiles = recipe.runsFiles ?? false;
    return {
      name,
      folder,
      env,
      compilers,
      runsFiles,
      resolution: recipe.resolution ?? 'nodenext',
      ...(recipe.testCommand ? { testCommand: recipe.testCommand } : {}),
    };
  }

  /**
   * The recipe's install, made once and shared by each page's project through a link to its
   * node_modules: every page starts with none of another page's files, and the run installs each
   * set of packages once.
   */
  private async installedBeside(folder: string, key: string, recipe: Recipe): Promise<void> {
    let installing = this.installs.get(key);
    if (!installing) {
      const packed = await this.tarballs();
      const template = this.folder(`${key}-installed`);
      const tarballs = recipe.tarballs.map((tarball) => packed[tarball].tarball);
      installing = projectWith(template, [...tarballs, ...recipe.packages]).then(() => template);
      this.installs.set(key, installing);
    }
    const template = await installing;
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(template, file), join(folder, file));
    symlinkSync(join(template, 'node_modules'), join(folder, 'node_modules'));
  }

  /** A CI job's project: the contract command's tarball among its devDependencies, and a lockfile for `npm ci`. */
  private async ciProject(folder: string, tarball: string): Promise<void> {
    copyFileSync(tarball, join(folder, basename(tarball)));
    await projectWith(folder, [], { devDependencies: { 'site-articles-contract': `file:${basename(tarball)}` } });
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

  private newerNode(): Promise<string> {
    this.newerNodeBin ??= installNode(newerNode, this.folder('node'));
    return this.newerNodeBin;
  }
}
