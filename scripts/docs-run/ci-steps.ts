/**
 * A CI job in the docs (GitHub Actions' YAML) as the commands it runs: each step's `run` with its
 * `env`, in order. Steps that `uses:` an action (checkout, setup-node) are the CI service's own;
 * the scratch project stands for what they leave: the project checked out, Node.js set up.
 * A `${{ ... }}` expression (a secret) becomes a placeholder value.
 */
import { parse } from 'yaml';

export interface Step {
  command: string;
  env: Record<string, string>;
}

interface Job {
  steps?: { run?: string; env?: Record<string, unknown> }[];
}

const expression = /\$\{\{[^}]*\}\}/g;

export function stepsOf(text: string): Step[] {
  const document = parse(text) as Record<string, Job> & { jobs?: Record<string, Job> };
  const jobs = Object.values(document.jobs ?? document);
  const steps = jobs.flatMap((job) => job.steps ?? []).filter((step) => typeof step.run === 'string');
  if (steps.length === 0) throw new Error('a CI job in the docs runs no command');
  return steps.map((step) => ({
    command: (step.run ?? '').trim(),
    env: Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [
        name,
        String(value).replace(expression, 'docs-run-secret'),
      ]),
    ),
  }));
}
