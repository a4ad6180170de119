/**
 * The contract suite (suite.ts) as jest tests. Under `npm test` it runs against a fresh in-process
 * mock; `npm run contract` runs this file against the target it was given.
 */
import { inProcessArticleIds, startInProcessMock } from './in-process';
import { targetFromEnv } from './settings';
import { defineContractSuite } from './suite';

const given = targetFromEnv(process.env);

defineContractSuite({
  given,
  articleIds: given?.articleIds ?? inProcessArticleIds,
  start: () => (given ? { baseUrl: given.baseUrl } : startInProcessMock()),
});
