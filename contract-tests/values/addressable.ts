/**
 * Which data keys have an address of their own (4.3, 4.4): the keys the suite may write and remove,
 * its generated names may take, and the restore may touch.
 *
 * `encodeURIComponent` leaves `.` and `..` as they are, and URL normalisation (WHATWG URL and
 * servers alike, `%2e%2e` included) removes such a segment: `.../data/..` is the article itself,
 * so a key write or removal would PUT or DELETE the article. An empty key leaves `.../data/`.
 */

/** Why a data key has no address of its own, or undefined when it has one. */
export function keyAddressProblem(key: string): string | undefined {
  if (key === '.' || key === '..')
    return `URL normalisation removes a "${key}" path segment, so .../data/${key} would address ${key === '..' ? 'the article itself' : '.../data/'}`;
  if (key === '') return "an empty key leaves .../data/, which is no key's address";
  return undefined;
}

export const isAddressableKey = (key: string): boolean => keyAddressProblem(key) === undefined;
