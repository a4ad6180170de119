/**
 * Interface 4.2 and 4.3: `data` holds "any JSON values", and a key write "updates the key if
 * present, otherwise adds it". Every value and name of the catalogue (values/catalogue.ts, each
 * with the real system that changes it) and a seeded draw from the whole JSON and name space go
 * through the one write judgement: accepted, it comes back exactly, in the answer and on the next
 * read, and no other key moves; refused (any 4xx), nothing changes.
 */
import { showValue } from 'site-articles-schemas/conformance';
import { ContractFailure } from '../failure';
import { edgeNames, edgeValues, type Edge } from '../values/catalogue';
import { generatedNames, generatedValues } from '../values/generated';
import type { Check, CheckContext } from './check';
import type { Write } from 'site-articles-schemas/conformance';
import { expectJudged, judgedWrite, writeName, type JudgedWrite } from './judged';
import { judgedAtOnce } from './judged-at-once';
import { readArticle, withoutReserved } from './steps';

/** Fails, with what was written (a catalogue entry, or the seed) named in its expectation, when the judgement found anything. */
function expectJudgedNaming(judged: JudgedWrite, write: Write, why: string): void {
  try {
    expectJudged(judged, writeName(write));
  } catch (error) {
    if (!(error instanceof ContractFailure)) throw error;
    throw new ContractFailure(`${error.expected} (${why})`, error.actual, error.exchanges, error.timeline);
  }
}

/**
 * `[key, value]` writes, each of its own key, each judged (several sent at once: judged-at-once.ts);
 * `why` names the one that failed.
 */
async function setKeysJudged(
  context: CheckContext,
  writes: [key: string, value: unknown][],
  why: (index: number) => string,
): Promise<void> {
  const sent = writes.map(([key, value]) => ({ operation: 'setDataKey' as const, key, payload: { value } }));
  await judgedAtOnce(context, sent, (judged, write, index) => {
    expectJudgedNaming(judged, write, why(index));
  });
}

const edgeWhy = (edge: Edge<unknown>, what = ''): string =>
  `${what === '' ? '' : `${what} `}${edge.name}, ${showValue(edge.value)}: ${edge.why}`;
const seeded = (context: CheckContext): string =>
  `drawn with seed ${String(context.seed)}; replay with --seed ${String(context.seed)}`;

const edgeValuesKept: Check = {
  id: 'set-key-keeps-edge-values',
  section: '4.3',
  title: 'keeps every value real storage layers are known to change exactly as sent, or refuses it',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    await setKeysJudged(
      context,
      edgeValues.map((edge, index) => [`${context.marker}_edge${String(index + 1)}`, edge.value]),
      (index) => edgeWhy(edgeValues[index] as Edge<unknown>),
    );
    return undefined;
  },
};

const generatedValuesKept: Check = {
  id: 'set-key-keeps-generated-values',
  section: '4.3',
  title: 'keeps JSON values drawn from the whole JSON space exactly as sent, or refuses them',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    await setKeysJudged(
      context,
      generatedValues(context.seed).map((value, index) => [`${context.marker}_drawn${String(index + 1)}`, value]),
      () => `a value ${seeded(context)}`,
    );
    return undefined;
  },
};

const edgeNamesKept: Check = {
  id: 'set-key-keeps-edge-names',
  section: '4.3',
  title: 'adds every key name real routers and stores are known to change under exactly that name, or refuses it',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    await setKeysJudged(
      context,
      edgeNames.map((edge) => [`${context.marker}_${edge.value}`, edge.name]),
      (index) => edgeWhy(edgeNames[index] as Edge<unknown>, 'the name'),
    );
    return undefined;
  },
};

const generatedNamesKept: Check = {
  id: 'set-key-keeps-generated-names',
  section: '4.3',
  title: 'adds key names drawn from the whole Unicode space under exactly that name, or refuses them',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    await setKeysJudged(
      context,
      generatedNames(context.seed, context.marker).map((name) => [`${context.marker}_${name}`, name]),
      () => `a name ${seeded(context)}`,
    );
    return undefined;
  },
};

const updateKeepsValues: Check = {
  id: 'update-keeps-edge-values',
  section: '4.2',
  title: 'a full update keeps every catalogue value exactly as sent, or refuses it',
  changesData: true,
  postsComment: false,
  async run(context) {
    const before = await readArticle(context, 'reading the article before the update');
    const sent = Object.fromEntries(
      edgeValues.map((edge, index) => [`${context.marker}_full${String(index + 1)}`, edge.value]),
    );
    const data = { ...withoutReserved(before.data), ...sent };
    const update: Write = { operation: 'updateArticle', payload: { article: { data } } };
    expectJudgedNaming(
      await judgedWrite(context, update),
      update,
      'the catalogue of values/catalogue.ts, all in one update',
    );
    return undefined;
  },
};

export const valueChecks: Check[] = [
  edgeValuesKept,
  generatedValuesKept,
  edgeNamesKept,
  generatedNamesKept,
  updateKeepsValues,
];
