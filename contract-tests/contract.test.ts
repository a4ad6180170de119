/**
 * The contract suite (suite.ts) as jest tests against a fresh in-process mock, under `npm test`.
 * `npm run contract` runs the same checks in its own process (cli.ts) against any target.
 */
import { inProcessArticleIds, startInProcessMock } from './in-process';
import { defineContractSuite } from './suite';

defineContractSuite({ articleIds: inProcessArticleIds, start: startInProcessMock });
