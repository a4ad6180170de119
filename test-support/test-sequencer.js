// The order `npm test` hands test files to its workers: Jest's own (slowest first, as measured by
// the last run, or largest first without one), taken alternately from both ends. The slow files
// still start first, so the run ends as soon as before, and a quick one finishes between them:
// a result shows in the first seconds and keeps coming, instead of after the longest file.
//
// A fresh clone (CI's every run) has no timings of its own, and file size says little: the proof
// files that take longest are among the shorter ones. There each file's time is taken from
// test-weights.json, a whole run's times recorded by scripts/record-test-weights.ts.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const recordedSeconds = require('./test-weights.json');

class BothEndsSequencer extends Sequencer {
  time(test) {
    const measured = super.time(test);
    if (measured !== undefined) return measured;
    const recorded = recordedSeconds[relative(test.context.config.rootDir, test.path)];
    return recorded === undefined ? undefined : recorded * 1000;
  }

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
