/**
 * The run marker: every data key a run writes starts with `contract_<run id>`, so a leftover is
 * recognisable and the restore knows which new keys are its own (issue 4, "Safe against real
 * deployments"). Its own module so the checks and the runner share it without importing each other.
 */
import { randomBytes } from 'node:crypto';

export const newRunId = (): string => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
export const markerOf = (runId: string): string => `contract_${runId}`;

/** Whether a key carries the marker of some run, this one or an earlier one. */
export const carriesAnyMarker = (key: string): boolean => key.includes(markerOf(''));
