/**
 * The command's account of every stated rule: the console lists the rules not exercised, with why,
 * and ends its summary with the count line; the HTML report and the JUnit properties list every
 * statement of the tables with the checks that judged it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { statements } from 'site-articles-schemas/catalogue';
import { tempFolders } from '../../test-support/temp-files';
import { closeMocks, serveMock, startContractCli } from '../../test-support/contract-cli';

afterAll(closeMocks);
const scratch = tempFolders('contract-stated-rules')();

test.concurrent(
  'accounts for every stated rule in the console, the HTML report and the JUnit properties of a read-only run',
  async () => {
    // Article 3 of the sample site has no comments: no comment is there to judge, and none is posted.
    const target = await serveMock();
    const junit = join(scratch, 'rules.xml');
    const html = join(scratch, 'rules.html');
    const args = ['--base-url', target.baseUrl, '--article-id', '3', '--read-only', '--junit', junit, '--html', html];
    const { code, stdout } = await startContractCli(args).finished;
    expect(code).toBe(0);
    const total = String(statements.length);
    const count = new RegExp(`\\n([0-9]+) of ${total} stated rules exercised, \\1 held\\ncontract: wrote`);
    expect(stdout).toMatch(count);
    expect(stdout).toMatch(
      /\n {2}- not exercised \(--read-only: only a run that writes judges it\): [^\n]*setDataKey effect; [^\n]*reserved key prefix svc_\n/,
    );
    expect(stdout).toMatch(
      /\n {2}- not exercised \(every list read was empty\): Comment\.body; Comment\.author; Comment\.created_at\n/,
    );
    expect(stdout).not.toContain('Article.created_at');
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h2>Stated rules</h2>');
    expect(page).toMatch(
      /<tr class="held"><td>Article\.created_at is a string in timestamp form, required<\/td><td>2\.1<\/td><td>held<\/td><td class="by">read-shape[^<]* on article\(s\) 3<\/td>/,
    );
    expect(page.match(/<tr class="(held|broken|na)">/g)).toHaveLength(statements.length);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      new RegExp(`<property name="stated rules" value="[0-9]+ of ${total} stated rules exercised, [0-9]+ held"/>`),
    );
    expect(xml).toContain(
      '<property name="stated rule: updateArticle effect" value="not exercised: --read-only: only a run that writes judges it"/>',
    );
  },
  90_000,
);
