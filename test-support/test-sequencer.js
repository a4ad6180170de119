// The order `npm test` hands test files to its workers: Jest's own (slowest first, as measured by
// the last run, or largest first without one), taken alternately from both ends. The slow files
// still start first, so the run ends as soon as before, and a quick one finishes between them:
// a result shows in the first seconds and keeps coming, instead of after the longest file.
const Sequencer = require('@jest/test-sequencer').default;

class BothEndsSequencer extends Sequencer {
  sort(tests) {
    const ordered = [...super.sort(tests)];
    const alternated = [];
    while (ordered.length > 0) {
      alternated.push(ordered.shift());
      if (ordered.length > 0) alternated.push(ordered.pop());
    }
    return alternated;
  }
}

module.exports = BothEndsSequencer;
