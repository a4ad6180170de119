/**
 * One contract, three targets: the contract suite, which knows only a base URL, passes against
 * the MSW handlers as it does against the server (contract-tests/contract.test.ts) and a real
 * deployment (`npm run contract`). msw/node intercepts the suite's fetch calls to an origin no
 * server listens on, so every answer comes from the handlers.
 */
import { setupServer } from 'msw/node';
import { inProcessArticleIds } from '../../../contract-tests/in-process';
import { defineContractSuite } from '../../../contract-tests/suite';
import { createHandlers } from '../../msw';
import { failUnhandled } from './fail-unhandled';

const mock = createHandlers();
const server = setupServer(...mock.handlers);

defineContractSuite({
  articleIds: inProcessArticleIds,
  start: () => {
    // 'error': a request the handlers leave unanswered fails the check instead of reaching a network.
    server.listen(failUnhandled);
    return {
      baseUrl: 'http://msw.test',
      close: () => {
        server.close();
      },
    };
  },
});

afterAll(() => {
  // The suite's writes went through the handlers: their journal is the proof nothing bypassed them.
  expect(mock.journal().length).toBeGreaterThan(0);
});
