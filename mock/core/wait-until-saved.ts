/**
 * With `--persist`, a change is acknowledged only once it is on disk (mock/persist/): the API's
 * writes (section 4) and the control API's reset and fixture load wait here before they answer.
 */
import { ApiError } from './api-error';

/** Waits until `settled` says every change so far is saved; one that could not be is answered 503, not acknowledged. */
export async function waitUntilSaved(settled: () => Promise<void>): Promise<void> {
  try {
    await settled();
  } catch (error) {
    throw new ApiError('notSaved', {
      message: `The change could not be saved, so it was not acknowledged: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
