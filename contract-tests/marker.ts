/**
 * The run marker: every data key a run writes starts with `contract_<run id>`, so a leftover is
 * recognisable and the restore knows which new keys are its own (docs/contract-suite.md, on real
 * deployments). Its own module so the checks and the runner share it without importing each other.
 */
import { randomBytes } from 'node:crypto';

export const newRunId = (): string => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
export const markerOf = (runId: string): string => `contract_${runId}`;

/** Whether a key carries the marker of some run, this one or an earlier one. */
export const carriesAnyMarker = (key: string): boolean => key.includes(markerOf(''));

/**
 * The marker of one article's keys: `contract_<run id>_on<article id>`. The untouched-keys check (untouched-keys.ts) lets
 * a check change only its own article's keys, so a write that lands on another article too (4.3
 * and 4.4 name the article in the path) shows up there as a key the check did not write.
 */
export const articleMarkerOf = (marker: string, articleId: number): string => `${marker}_on${String(articleId)}`;

/** Whether `key` is one the checks wrote under `marker` (keys are always `<marker>_<name>`). */
export const carriesMarker = (key: string, marker: string): boolean => key.includes(`${marker}_`);
