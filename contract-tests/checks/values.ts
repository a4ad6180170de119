/**
 * Interface 4.2 and 4.3: `data` holds "any JSON values", and a key write "updates the key if
 * present, otherwise adds it". Every value and name of the catalogue (values/catalogue.ts, each
 * with the real system that changes it) and a seeded draw from the whole JSON and name space go
 * through the one write judgement: accepted, it comes back exactly, in the answer and on the next
 * read, and no other key moves; refused (any 4xx), nothing changes.
 */
import { showValue } from '../../conformance';
import { ContractFailure } from '../failure';
import { edgeNames, edgeValues, type Edge } from '../values/catalogue';
import { generatedNames, generatedValues } from '../values/generated';
import type { Check, CheckContext } from './check';
import { setKey, updateArticle } from './judged';
import { readArticle, withoutReserved } from './steps';

/** Runs `write`, and names the catalogue entry (or the seed) in a failure. */
async function explained(why: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof ContractFailure)) throw error;
    throw new ContractFailure(`${error.expected} (${why})`, error.actual, error.exchanges, error.timeline);
  }
}

const edgeWhy = (edge: Edge<unknown>): string => `${edge.name}, ${showValue(edge.value)}: ${edge.why}`;
const seeded = (context: CheckContext): string =>
  `drawn with seed ${String(context.seed)}; replay with --seed ${String(context.seed)}`;

const edgeValuesKept: Check = {
  id: 'set-key-keeps-edge-values',
  section: '4.3',
  title: 'keeps every value real storage layers are known to change exactly as sent, or refuses it',
  changesData: true,
  postsComment: false,
  async run(context) {
    for (const [index, edge] of edgeValues.entries())
      await explained(edgeWhy(edge), () => setKey(context, `${context.marker}_edge${String(index + 1)}`, edge.value));
    return undefined;
  },
};

const generatedValuesKept: Check = {
  id: 'set-key-keeps-generated-values',
  section: '4.3',
  title: 'keeps JSON values drawn from the whole JSON space exactly as sent, or refuses them',
  changesData: true,
  postsComment: false,
  async run(context) {
    for (const [index, value] of generatedValues(context.seed).entries())
      await explained(`a value ${seeded(context)}`, () =>
        setKey(context, `${context.marker}_drawn${String(index + 1)}`, value),
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
  async run(context) {
    for (const edge of edgeNames)
      await explained(`the name ${edge.name}, ${showValue(edge.value)}: ${edge.why}`, () =>
        setKey(context, `${context.marker}_${edge.value}`, edge.name),
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
  async run(context) {
    for (const name of generatedNames(context.seed, context.marker))
      await explained(`a name ${seeded(context)}`, () => setKey(context, `${context.marker}_${name}`, name));
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
    await explained('the catalogue of values/catalogue.ts, all in one update', () =>
      updateArticle(context, { ...withoutReserved(before.data), ...sent }),
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
