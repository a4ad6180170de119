/**
 * Variants of the mock for the contract suite's own proof (proof/suite/variants.test.ts):
 * each broken variant replaces some rules to break ONE thing the interface states, and the suite
 * must fail against every one; each harmless variant makes a choice the interface leaves open,
 * and the suite must pass against every one. Each sequence variant breaks one thing only after a
 * sequence of writes no fixed check makes; the random sequences (`--explore`) must find it. `npm run variant -- <name>` serves any of them
 * (proof/variant-server.ts).
 */
import type { RuleSet } from '../../mock/rules';
import { addressVariants } from './addresses';
import { afterWriteVariants } from './after-writes';
import { articleShapeVariants } from './article-shape';
import { commentVariants } from './comments';
import { deleteKeyVariants } from './delete-key';
import { harmlessVariants as harmlessChoices } from './harmless';
import { harmlessMediaTypeVariants, mediaTypeVariants } from './media-types';
import { manglingVariants } from './mangling';
import { postVariants } from './posts';
import { orderingVariants, racyVariants } from './races';
import { sequenceVariants } from './sequences';
import { setKeyVariants } from './set-key';
import { updateVariants } from './update';
import type { Variant } from './variant';

export type { Variant, VariantSection } from './variant';
export { sequenceVariants };

export const harmlessVariants: Record<string, Variant> = {
  ...harmlessChoices,
  ...harmlessMediaTypeVariants,
  ...orderingVariants,
};

export const brokenVariants: Record<string, Variant> = {
  ...articleShapeVariants,
  ...addressVariants,
  ...updateVariants,
  ...setKeyVariants,
  ...deleteKeyVariants,
  ...commentVariants,
  ...afterWriteVariants,
  ...postVariants,
  ...mediaTypeVariants,
  ...racyVariants,
  ...manglingVariants,
};

export const variants: Record<string, Partial<RuleSet>> = Object.fromEntries(
  Object.entries({ ...brokenVariants, ...sequenceVariants, ...harmlessVariants }).map(([name, variant]) => [
    name,
    variant.rules,
  ]),
);

export function variantRules(name: string): Partial<RuleSet> {
  const rules = variants[name];
  if (!rules) throw new Error(`unknown variant "${name}"; known: ${Object.keys(variants).join(', ') || 'none yet'}`);
  return rules;
}
