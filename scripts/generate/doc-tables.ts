/**
 * The docs tables that come from code (doc-regions.ts puts them in their pages): the error
 * catalogue, the limits, both commands' options, the control API, the rule table, the proof's
 * variant counts, the suite's value catalogue and the Node.js releases the docs' recipes run on. Each reads the module that owns the facts; none restates a value.
 */
import { rules } from '../../schemas/conformance/violation';
import { usage as contractUsage } from '../../contract-tests/cli-options';
import { controlRoutes, allowOf } from '../../mock/core/control-table';
import { usage as mockUsage } from '../../mock/cli-options';
import { errorCatalogue } from '../../mock/core/api-error';
import * as httpLimits from '../../mock/core/limits';
import * as ruleLimits from '../../mock/rules/limits';

const limits = { ...httpLimits, ...ruleLimits };
import { edgeNames, edgeValues, type Edge } from '../../contract-tests/values/catalogue';
import { brokenVariants, harmlessVariants, sequenceVariants } from '../../proof/variants';
import { manglingVariants } from '../../proof/variants/mangling';
import { nodeReleases, type NodeRelease } from '../../package-tests/node-release';
import { recipeReleases } from '../docs-run/projects';
import { markdownTable } from './markdown-table';

export interface DocTable {
  file: string;
  name: string;
  render: () => string;
}

const number = (value: number): string => value.toLocaleString('en-US');
const code = (text: string): string => `\`${text}\``;
const usageBlock = (text: string): string => ['```text', text, '```'].join('\n');

const errorTable = (): string =>
  markdownTable(
    ['code', 'status', 'message', 'when'],
    Object.entries(errorCatalogue).map(([name, entry]) => [
      code(name),
      String(entry.status),
      entry.message,
      entry.when,
    ]),
  );

const limitsTable = (): string =>
  markdownTable(
    ['limit', 'value', 'answer'],
    [
      ['request body (after gzip inflation)', `${number(limits.maxBodyBytes)} bytes`, '413 `payloadTooLarge`'],
      [
        'JSON nesting of a body (`{}`/`[]` = one level)',
        `${limits.maxJsonDepth} (control API: ${limits.maxFixtureDepth})`,
        '400 `bodyTooDeep`',
      ],
      [
        'data key a write may create',
        `${number(limits.maxKeyLength)} characters`,
        '422 `errors.key` or `errors["article.data"]`',
      ],
      [
        'comment `author` / `author_email` / `body`',
        `${Object.values(limits.maxCommentLengths).map(number).join(' / ')} characters`,
        '422 `errors["comment.<field>"]`',
      ],
      ['query string', `${number(limits.maxQueryLength)} characters`, '414 `queryTooLong`'],
      ['Host used in answer addresses', `${limits.maxHostLength} characters`, 'longer: the socket address is used'],
      [
        '`X-Mock-Ignored-Fields`',
        `${number(limits.maxIgnoredFieldsLength)} characters`,
        'the rest counted as `(N more)`',
      ],
    ],
  );

const controlTable = (): string =>
  markdownTable(
    ['path', 'methods (`Allow`)', 'served by', 'control token beyond loopback'],
    controlRoutes.map((route) => [
      code(route.path),
      allowOf(route),
      route.servedBy.join(', '),
      route.open ? 'not needed' : 'needed',
    ]),
  );

const rulesTable = (): string =>
  markdownTable(
    ['rule', 'what the interface states'],
    Object.entries(rules).map(([name, sentence]) => [code(name), sentence]),
  );

function sectionsOf(variants: Record<string, { section: string }>): string {
  const counts = new Map<string, number>();
  for (const { section } of Object.values(variants)) counts.set(section, (counts.get(section) ?? 0) + 1);
  return [...counts]
    .sort(([left], [right]) => left.localeCompare(right, 'en', { numeric: true }))
    .map(([section, count]) => `${section} ×${count}`)
    .join(', ');
}

const variantTable = (): string =>
  markdownTable(
    ['kind', 'how many', 'interface sections'],
    [
      ['broken: the fixed checks fail it', String(Object.keys(brokenVariants).length), sectionsOf(brokenVariants)],
      [
        'sequence: only `--explore` finds it',
        String(Object.keys(sequenceVariants).length),
        sectionsOf(sequenceVariants),
      ],
      ['harmless: the suite passes it', String(Object.keys(harmlessVariants).length), sectionsOf(harmlessVariants)],
    ],
  );

/** A catalogue entry's value as a reader sees it: JSON, long ones cut, invisible characters escaped. */
function shownEdge(value: unknown): string {
  const text = JSON.stringify(value).replace(
    /[\u0300-\u036f\u2028\u2029]/gu,
    (char) => `\\u${char.codePointAt(0)?.toString(16).padStart(4, '0') ?? ''}`,
  );
  return code(text.length > 60 ? `${text.slice(0, 40)}... (${number(text.length)} characters)` : text);
}

const catalogueTable = (entries: Edge<unknown>[]): string =>
  markdownTable(
    ['what', 'sent', 'what changes it'],
    entries.map((entry) => [entry.name, shownEdge(entry.value), entry.why]),
  );

/** The packages a recipe installs on a release, as a reader types them (the release's own `@types/node` left out). */
const installedOn = (packages: string[]): string =>
  packages
    .filter((spec) => !spec.startsWith('@types/node@'))
    .map((spec) => code(spec.replace(/^\w+@npm:/, '')))
    .join(' ');

/** Where a recipe's packages change with the release: each set, from the release that first gets it. */
function installsByRelease(packages: (release: NodeRelease) => string[], nodes: readonly number[]): string {
  const releases = nodeReleases.filter((release) => nodes.includes(release.node));
  const groups: { from: NodeRelease; shown: string }[] = [];
  for (const release of releases) {
    const shown = installedOn(packages(release));
    if (groups[groups.length - 1]?.shown !== shown) groups.push({ from: release, shown });
  }
  return groups
    .map(({ from, shown }, index) => {
      const last = index === groups.length - 1;
      const on = last ? `${from.from} or later` : `${String(from.node)} (from ${from.from})`;
      return `Node ${on}: ${shown === '' ? 'nothing more' : shown}`;
    })
    .join('; ');
}

/** Each of the docs' recipes: what it installs on each Node.js release, and the releases `npm run test:docs` runs it on. */
const nodeTable = (): string =>
  markdownTable(
    ['recipe', 'what npm installs beside the packages', '`npm run test:docs` runs it on Node'],
    recipeReleases().map(({ shows, packages, nodes }) => [
      shows,
      installsByRelease(packages, everyNode),
      nodes.map(String).join(', '),
    ]),
  );

const everyNode = nodeReleases.map((release) => release.node);

const count = (record: Record<string, unknown>, test: (name: string) => boolean = () => true): string =>
  String(Object.keys(record).filter(test).length);

/** The README's one line on the proof: how many variants of each kind the suite is run against. */
const variantSummary = (): string =>
  `Proof: the suite fails ${count(brokenVariants)} broken variants of the mock (among them ${count(brokenVariants, (name) => name.startsWith('racy-'))} whose writes race, ` +
  `${count(manglingVariants)} whose storage changes values or key names, and ${count(brokenVariants, (name) => name.startsWith('first-write-'))} whose fault shows only on an article's first write), ` +
  `\`--explore\` catches ${count(sequenceVariants)} that only a sequence shows, and it passes ${count(harmlessVariants)} harmless ones ` +
  '(`proof/suite/`; the counts are generated and `check:generated` holds them).';

export const docTables: DocTable[] = [
  { file: 'docs/behaviour.md', name: 'error catalogue', render: errorTable },
  { file: 'docs/hardening.md', name: 'limits', render: limitsTable },
  { file: 'docs/mock.md', name: 'articles-mock --help', render: () => usageBlock(mockUsage('npm start --')) },
  {
    file: 'docs/contract-suite.md',
    name: 'articles-contract --help',
    render: () => usageBlock(contractUsage('npm run contract --')),
  },
  { file: 'docs/control-api.md', name: 'control routes', render: controlTable },
  { file: 'docs/contract-checks.md', name: 'rules', render: rulesTable },
  { file: 'docs/contract-proof.md', name: 'variant counts', render: variantTable },
  { file: 'README.md', name: 'variant summary', render: variantSummary },
  { file: 'docs/contract-values.md', name: 'edge values', render: () => catalogueTable(edgeValues) },
  { file: 'docs/contract-values.md', name: 'edge names', render: () => catalogueTable(edgeNames) },
  { file: 'docs/packages.md', name: 'node releases', render: nodeTable },
];
