/** Which JSON files `--persist` takes for its own earlier writing, and migrates; any other is refused untouched. */
import sampleSite from '../fixtures/sample-site.json';
import { tempFiles } from '../../test-support/temp-files';
import { writtenByEarlierPersist } from './earlier-json-site';

const fileWith = tempFiles('earlier-json-site');
const asWritten = (site: unknown): string => `${JSON.stringify(site, null, 2)}\n`;
const [first, second, third, fourth] = sampleSite.comments;
const later = (comment: typeof first) => ({ ...comment, created_at: '2025/01/01 00:00:00 +0000' });

test.each<[string, boolean, string]>([
  ['the form the earlier --persist wrote', true, asWritten(sampleSite)],
  [
    'that form with comments posted later, listed with their article',
    true,
    asWritten({ ...sampleSite, comments: [first, second, third, later(first), fourth] }),
  ],
  ['an empty site in that form', true, asWritten({ pages: [], languages: [], people: [], articles: [], comments: [] })],
  [
    'comments out of the order it listed them in',
    false,
    asWritten({ ...sampleSite, comments: [second, first, third, fourth] }),
  ],
  ['without the last newline', false, JSON.stringify(sampleSite, null, 2)],
  ['indented by four', false, `${JSON.stringify(sampleSite, null, 4)}\n`],
  ['on one line, as the control API exports it', false, JSON.stringify(sampleSite)],
  ['with a field it never wrote', false, asWritten({ ...sampleSite, $schema: './site.json' })],
  ['with its sections in another order', false, asWritten(Object.fromEntries(Object.entries(sampleSite).reverse()))],
  ['not JSON at all', false, '{\n  "pages": ['],
])('%s: taken for a file it wrote, %s', (_case, own, text) => {
  expect(writtenByEarlierPersist(fileWith(text))).toBe(own);
});
