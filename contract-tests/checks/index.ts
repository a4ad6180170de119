/** Every contract check, in interface order; the runner and the jest file take them from here. */
import { afterWriteChecks } from './after-writes';
import { concurrencyChecks } from './concurrency';
import { valueChecks } from './values';
import { sections, type Check, type Section } from './check';
import { mediaTypeChecks } from './media-types';
import { commentChecks } from './comments';
import { deleteKeyChecks } from './delete-key';
import { postChecks } from './post-comment';
import { readChecks } from './read';
import { reservedChecks } from './reserved';
import { setKeyChecks } from './set-key';
import { updateChecks } from './update';

const sectionOrder = Object.keys(sections) as Section[];

export const allChecks: Check[] = [
  ...readChecks,
  ...commentChecks,
  ...updateChecks,
  ...setKeyChecks,
  ...deleteKeyChecks,
  ...reservedChecks,
  ...afterWriteChecks,
  ...mediaTypeChecks,
  ...postChecks,
  ...concurrencyChecks,
  ...valueChecks,
].sort((left, right) => sectionOrder.indexOf(left.section) - sectionOrder.indexOf(right.section));

/** `--read-only` keeps only the checks that change nothing. */
export function selectChecks(checks: Check[], readOnly: boolean): Check[] {
  return readOnly ? checks.filter((check) => !check.changesData && !check.postsComment) : checks;
}

export {
  defaultConcurrency,
  defaultMaxInFlight,
  sections,
  sectionHeading,
  type Check,
  type CheckContext,
  type Section,
} from './check';
