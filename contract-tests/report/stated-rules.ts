/**
 * Every statement of the interface tables the suite can judge (the catalogue's `statements`,
 * generated from spec/interface-tables.md), accounted for in a run: held, broken, or not exercised
 * and why, with the checks whose judgements covered it (each check's ledger, in its record). Shown
 * compactly in the console (the broken and the unexercised only), whole in the HTML report and as
 * JUnit properties, each ending with "N of M stated rules exercised, K held".
 */
import { operations, statements as tableStatements } from 'site-articles-schemas/catalogue';
import { escapeMarkup } from 'site-articles-schemas/command-line';
import { plain, type Paint } from './colour';
import type { CheckRecord } from './record';

export interface StatementOfTables {
  id: string;
  section: string;
  text: string;
}

export interface StatedRule {
  statement: StatementOfTables;
  outcome: 'held' | 'broken' | 'not exercised';
  /** The checks whose judgements held or broke it, by id. */
  checks: string[];
  /** The articles they judged it on. */
  articles: number[];
  /** Why no check exercised it. */
  why?: string;
}

export interface StatedRules {
  rules: StatedRule[];
  exercised: number;
  held: number;
}

/** What a run must know of itself to say why a statement went unexercised. */
export interface RunMode {
  readOnly: boolean;
}

const firstWord = (id: string): string => id.split(/[ .]/)[0] ?? '';

/** Whether only a run that writes can judge it: a write's own statements, its answer's, the reserved keys. */
function onlyWritesJudge({ id }: StatementOfTables): boolean {
  const word = firstWord(id);
  return (
    id.startsWith('reserved key prefix') ||
    operations.some(
      (operation) =>
        operation.changes !== 'nothing' &&
        (operation.id === word || ('answer' in operation && operation.answer === word)),
    )
  );
}

function whyNotExercised(statement: StatementOfTables, recorded: string | undefined, mode: RunMode): string {
  if (mode.readOnly && onlyWritesJudge(statement)) return '--read-only: only a run that writes judges it';
  if (recorded !== undefined) return recorded;
  if (/ (GET|PUT|POST|DELETE) \//.test(statement.id)) return 'no check of this run sent a request there';
  return 'no check of this run judged it';
}

/** The run's account of every statement of `statements` (the tables' own by default). */
export function accountStatedRules(
  records: CheckRecord[],
  mode: RunMode,
  statements: readonly StatementOfTables[] = tableStatements,
): StatedRules {
  const rules = statements.map((statement): StatedRule => {
    const seen = records.flatMap((record) =>
      (record.judged ?? [])
        .filter((judgement) => judgement.statement === statement.id)
        .map((judgement) => ({ record, judgement })),
    );
    const by = (outcome: 'held' | 'broken'): StatedRule | undefined => {
      const records = seen.filter(({ judgement }) => judgement.outcome === outcome).map(({ record }) => record);
      if (records.length === 0) return undefined;
      const checks = [...new Set(records.map((record) => record.id))];
      const articles = [...new Set(records.flatMap((record) => record.articleId ?? []))];
      return { statement, outcome, checks, articles };
    };
    const judged = by('broken') ?? by('held');
    if (judged) return judged;
    const recorded = seen.map(({ judgement }) => ('why' in judgement ? judgement.why : undefined)).find(Boolean);
    return {
      statement,
      outcome: 'not exercised',
      checks: [],
      articles: [],
      why: whyNotExercised(statement, recorded, mode),
    };
  });
  return {
    rules,
    exercised: rules.filter((rule) => rule.outcome !== 'not exercised').length,
    held: rules.filter((rule) => rule.outcome === 'held').length,
  };
}

/** Checks a held rule names at most: dozens judge an article's id, and the first few say enough. */
const namedHeld = 5;

/** `read-shape, reads-are-json on article(s) 1, 2`: every check that broke it, the first few that held it. */
export function judgedBy(rule: StatedRule): string {
  const shown = rule.outcome === 'held' ? rule.checks.slice(0, namedHeld) : rule.checks;
  const more = rule.checks.length - shown.length;
  const articles = rule.articles.length > 0 ? ` on article(s) ${rule.articles.join(', ')}` : '';
  return `${shown.join(', ')}${more > 0 ? ` and ${String(more)} more` : ''}${articles}`;
}

/** `61 of 75 stated rules exercised, 60 held`. */
export const statedRulesLine = ({ rules, exercised, held }: StatedRules): string =>
  `${String(exercised)} of ${String(rules.length)} stated rules exercised, ${String(held)} held`;

/** The console's part: each broken rule with its checks, the unexercised grouped by why, then the count line. */
export function statedRulesText(account: StatedRules, paint: Paint = plain): string {
  const broken = account.rules.filter((rule) => rule.outcome === 'broken');
  const unexercised = new Map<string, string[]>();
  for (const rule of account.rules)
    if (rule.outcome === 'not exercised')
      unexercised.set(rule.why ?? '', [...(unexercised.get(rule.why ?? '') ?? []), rule.statement.id]);
  return [
    '',
    paint('heading', 'Stated rules (spec/interface-tables.md)'),
    ...broken.map(
      (rule) =>
        `  ${paint('failed', '✗')} ${rule.statement.text} (${rule.statement.section}): broken in ${judgedBy(rule)}`,
    ),
    ...[...unexercised].map(([why, ids]) => `  ${paint('skipped', '-')} not exercised (${why}): ${ids.join('; ')}`),
    statedRulesLine(account),
    '',
  ].join('\n');
}

/** The HTML report's part: every statement, its outcome and the checks that judged it. */
export function statedRulesHtml(account: StatedRules): string {
  const rows = account.rules
    .map((rule) => {
      const by = escapeMarkup(rule.outcome === 'not exercised' ? (rule.why ?? '') : judgedBy(rule));
      const state = rule.outcome === 'not exercised' ? 'na' : rule.outcome;
      return `<tr class="${state}"><td>${escapeMarkup(rule.statement.text)}</td><td>${escapeMarkup(rule.statement.section)}</td><td>${rule.outcome}</td><td class="by">${by}</td></tr>`;
    })
    .join('\n');
  return [
    '<h2>Stated rules</h2>',
    `<p class="stated">${statedRulesLine(account)}: every statement of spec/interface-tables.md the suite can judge, and the checks that judged it in this run.</p>`,
    `<div class="scroll"><table class="stated"><thead><tr><th>stated rule</th><th>section</th><th>outcome</th><th>judged by, or why not</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`,
  ].join('\n');
}

/** JUnit properties: the count line, then one per statement (`held by ...`, `broken by ...`, `not exercised: ...`). */
export function statedRulesProperties(account: StatedRules): [string, string][] {
  return [
    ['stated rules', statedRulesLine(account)],
    ...account.rules.map((rule): [string, string] => [
      `stated rule: ${rule.statement.id}`,
      rule.outcome === 'not exercised' ? `not exercised: ${rule.why ?? ''}` : `${rule.outcome} by ${judgedBy(rule)}`,
    ]),
  ];
}
