/**
 * Deliberately broken variants of the mock: each replaces some rules to break one thing the
 * interface states. They exist to prove that the contract suite notices.
 */
import type { Rules } from '../rules';

export const variants: Record<string, Partial<Rules>> = {};

export function variantRules(name: string): Partial<Rules> {
  const rules = variants[name];
  if (!rules) throw new Error(`unknown variant "${name}"; known: ${Object.keys(variants).join(', ') || 'none yet'}`);
  return rules;
}
