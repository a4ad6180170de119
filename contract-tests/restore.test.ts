/** One verdict on how a run left an article, whoever asks: the exit code, the whole-run record and the jest suite. */
import { leftAsFound, runExitCode, type RestoreReport } from './restore';
import { wholeRunRecord } from './report/record';

const report = (found: Partial<RestoreReport>): RestoreReport => ({
  articleId: 1,
  repaired: [],
  problems: [],
  warnings: [],
  leftAlone: [],
  unanswered: [],
  changed: [],
  ...found,
});

test.each([
  { description: 'nothing differs', found: {}, want: true },
  {
    description: 'repaired keys and warnings only',
    found: { repaired: ['k: put back'], warnings: ['svc_x'] },
    want: true,
  },
  { description: 'a key still different', found: { problems: ['k: still 2'] }, want: false },
  { description: 'an attribute other than data changed', found: { changed: ['title: "a" -> "b"'] }, want: false },
])('an article where $description is left as found: $want', ({ found, want }) => {
  const restore = [report(found)];
  expect(leftAsFound(restore[0] as RestoreReport)).toBe(want);
  expect(runExitCode(undefined, true, restore)).toBe(want ? 0 : 1);
  expect(wholeRunRecord(restore, 0).outcome).toBe(want ? 'passed' : 'failed');
});
