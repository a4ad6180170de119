/**
 * Reserved data keys (interface 2.1, 4.2): keys starting `svc_` are read-only, so no write
 * creates, changes or removes one: not a full update (4.2), not a key write (4.3), not a key
 * removal (4.4). Whatever status the target answers a refused write with is its own choice; only
 * the next read decides. A target that lets a write through gets the value put back at once.
 */
import { isDeepStrictEqual } from 'node:util';
import { fail, show } from '../failure';
import type { Exchange } from '../http/client';
import { setKey, deleteKey, updateArticle } from './judged';
import type { Check, CheckContext, Section } from './check';
import { existingReservedKey, readArticle, withoutReserved, type ArticleRead } from './steps';

type Write = (context: CheckContext, data: Record<string, unknown>, key: string, value: unknown) => Promise<Exchange>;

const byKeyWrite: Write = (context, _data, key, value) => setKey(context, key, value);
const byFullUpdate: Write = (context, data, key, value) =>
  updateArticle(context, { ...withoutReserved(data), [key]: value });

const noArticleKey = 'the article has no reserved key of its own to try; use an article that has one for this check';

/**
 * The article's own reserved key, chosen from its data as the run found it, so a key an earlier
 * write wrongly removed fails here instead of making the check look inapplicable.
 */
function ownReservedKey(context: CheckContext, before: ArticleRead): string | undefined {
  const key = existingReservedKey(context.startData ?? before.data);
  if (key !== undefined && !(key in before.data)) {
    fail(
      `data still has the reserved key ${key} it had when the run began`,
      `it is gone: an earlier write removed it; data is ${show(before.data)}`,
      before.exchange,
    );
  }
  return key;
}

/** Best effort to undo a reserved-key write that went through, by the same kinds of writes. */
async function putBack(context: CheckContext, key: string, value: unknown): Promise<string> {
  await setKey(context, key, value);
  let { data } = await readArticle(context, `reading the article after putting ${key} back`);
  if (!isDeepStrictEqual(data[key], value)) {
    await updateArticle(context, { ...withoutReserved(data), [key]: value });
    ({ data } = await readArticle(context, `reading the article after putting ${key} back`));
  }
  return isDeepStrictEqual(data[key], value)
    ? `the suite has put ${key} back`
    : `the suite could NOT put ${key} back to ${show(value)}; fix it by hand`;
}

function createCheck(id: string, section: Section, how: string, write: Write): Check {
  return {
    id,
    section,
    changesData: true,
    postsComment: false,
    title: `creates no reserved svc_ key through ${how}, whatever it answers`,
    async run(context) {
      const { data } = await readArticle(context, 'reading the article before the write');
      const key = `svc_${context.marker}_${id.replace(/-/g, '_')}`;
      const exchange = await write(context, data, key, 'probe');
      const after = await readArticle(context, 'reading the article after the write');
      if (!(key in after.data)) return undefined;
      const removal = await deleteKey(context, key);
      fail(
        `data has no key ${key}`,
        `data.${key} = ${show(after.data[key])} (the write answered ${exchange.status}; removing it answered ${removal.status})`,
        exchange,
        after.exchange,
      );
    },
  };
}

function changeCheck(id: string, section: Section, how: string, write: Write): Check {
  return {
    id,
    section,
    changesData: true,
    postsComment: false,
    title: `keeps the article's own reserved svc_ key unchanged through ${how}, whatever it answers`,
    async run(context) {
      const before = await readArticle(context, 'reading the article before the write');
      const key = ownReservedKey(context, before);
      if (key === undefined) return noArticleKey;
      const exchange = await write(context, before.data, key, `${context.marker}_changed`);
      return expectKept(context, key, before.data[key], exchange);
    },
  };
}

async function expectKept(context: CheckContext, key: string, value: unknown, write: Exchange): Promise<undefined> {
  const after = await readArticle(context, 'reading the article after the write');
  if (key in after.data && isDeepStrictEqual(after.data[key], value)) return undefined;
  const now = key in after.data ? show(after.data[key]) : '(removed)';
  fail(
    `data.${key} is still ${show(value)}`,
    `data.${key} is ${now} (the write answered ${write.status}; ${await putBack(context, key, value)})`,
    write,
    after.exchange,
  );
}

const keptWhenLeftOut: Check = {
  id: 'reserved-kept-by-update',
  section: '4.2',
  changesData: true,
  postsComment: false,
  title: "keeps the article's own reserved svc_ key when a full update sends data without it",
  async run(context) {
    const before = await readArticle(context, 'reading the article before the update');
    const key = ownReservedKey(context, before);
    if (key === undefined) return noArticleKey;
    const exchange = await updateArticle(context, withoutReserved(before.data));
    return expectKept(context, key, before.data[key], exchange);
  },
};

const keptWhenDeleted: Check = {
  id: 'reserved-kept-by-delete',
  section: '4.4',
  changesData: true,
  postsComment: false,
  title: "keeps the article's own reserved svc_ key through DELETE data/<key>, whatever it answers",
  async run(context) {
    const before = await readArticle(context, 'reading the article before the removal');
    const key = ownReservedKey(context, before);
    if (key === undefined) return noArticleKey;
    return expectKept(context, key, before.data[key], await deleteKey(context, key));
  },
};

export const reservedChecks: Check[] = [
  createCheck('reserved-not-created-by-update', '4.2', 'a full update (PUT article with data)', byFullUpdate),
  changeCheck('reserved-not-changed-by-update', '4.2', 'a full update (PUT article with data)', byFullUpdate),
  keptWhenLeftOut,
  createCheck('reserved-not-created-by-key-write', '4.3', 'PUT data/<key>', byKeyWrite),
  changeCheck('reserved-not-changed-by-key-write', '4.3', 'PUT data/<key>', byKeyWrite),
  keptWhenDeleted,
];
