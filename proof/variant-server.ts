/**
 * `npm run variant -- <name> [mock options]`: serves one of the contract suite's variants
 * (proof/variants) through the mock's own command, with the variant's rules in place of the
 * mock's. The mock never loads proof code itself (the linter holds that); this entry point, which
 * is not part of the package, brings the two together.
 */
import { runCli } from '../mock/run-cli';
import { variantRules, variants } from './variants';

const usage = `Usage: npm run variant -- <name> [options of npm start]

Serves a variant of the mock that the contract suite's proof uses (proof/variants): broken ones
break one thing the interface states, harmless ones make a choice it leaves open.
Variants: ${Object.keys(variants).join(', ')}`;

function main(argv: string[]): void {
  const [name, ...options] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    console.log(usage);
    return;
  }
  if (!(name in variants)) {
    console.error(`variant: no variant is named "${name}"\n\n${usage}`);
    process.exit(2);
  }
  runCli(options, process.env, { name, rules: variantRules(name) });
}

main(process.argv.slice(2));
