/**
 * A token comparison for runtimes without node:crypto (the MSW handlers in a browser), for
 * core/token.ts (section 5's optional token). It looks at every code unit of the configured token
 * whatever the presented one holds, so its time depends only on the configured token's length.
 */
export function tokenMatchesInPlainJs(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  let difference = expected.length ^ given.length;
  for (let index = 0; index < expected.length; index += 1) {
    // An empty presented token reads as 0s (charCodeAt gives NaN); the lengths already differ.
    const presented = given.charCodeAt(index % (given.length || 1)) || 0;
    difference |= expected.charCodeAt(index) ^ presented;
  }
  return difference === 0;
}
