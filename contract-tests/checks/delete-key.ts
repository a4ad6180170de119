/**
 * Interface section 4.4: `DELETE /admin/api/articles/<id>/data/<key>` answers 204 with an empty
 * body and removes that one key. Each check first sets a key of its own (4.3) to remove, and
 * removes it only once that write has answered: a removal sent beside it might come first.
 */
import { expectStatus, fail } from '../failure';
import type { Exchange } from '../http/client';
import { setKey, deleteKey } from './judged';
import type { Check, CheckContext } from './check';
import { expectKeysKept, readArticle, statusOf } from './steps';

async function keyToRemove(context: CheckContext, name: string): Promise<{ key: string; setup: Exchange }> {
  const key = `${context.marker}_${name}`;
  const setup = await setKey(context, key, 'to be removed');
  expectStatus(setup, statusOf('setDataKey'), `setting up data/${key} to remove`);
  return { key, setup };
}

const answer: Check = {
  id: 'delete-key-answer',
  section: '4.4',
  title: 'answers 204 with an empty body',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const { key, setup } = await keyToRemove(context, 'delete_answer');
    const removal = await deleteKey(context, key);
    expectStatus(removal, statusOf('deleteDataKey'), `DELETE data/${key}`, setup);
    if (removal.text !== '')
      fail(
        'an empty body',
        `a body of ${removal.text.length} characters: ${removal.text.slice(0, 300)}`,
        setup,
        removal,
      );
    return undefined;
  },
};

const gone: Check = {
  id: 'delete-key-gone',
  section: '4.4',
  title: 'removes the key, which is gone on the next read, and keeps every other key',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const { key, setup } = await keyToRemove(context, 'delete_gone');
    // A key whose name starts with the removed one's must stay: 4.4 removes one key, by its name.
    const sibling = await setKey(context, `${key}_kept`, 'stays');
    expectStatus(sibling, statusOf('setDataKey'), `setting up data/${key}_kept`);
    const before = await readArticle(context, 'reading the article before removing the key');
    const removal = await deleteKey(context, key);
    const after = await readArticle(context, 'reading the article after removing the key');
    if (key in after.data)
      fail(
        `data has no key ${key} any more`,
        `data.${key} is still there (the DELETE answered ${removal.status})`,
        setup,
        removal,
        after.exchange,
      );
    expectKeysKept(before.data, after.data, [key], 'the next read', removal, after.exchange);
    return undefined;
  },
};

export const deleteKeyChecks: Check[] = [answer, gone];
